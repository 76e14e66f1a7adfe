/** Pushes ledger changes to the user's sockets. */
import type { Database } from '@tessera/db/connect';
import type { Realtime } from '../../realtime/realtime.ts';
import { getCreditSummary } from './credits.service.ts';

/**
 * Emits `credits:changed` with the fresh summary to the user's room. Call it AFTER the
 * transaction commits: a summary read inside it would not be what other readers see yet.
 */
export async function publishCreditsChanged(deps: { db: Database; realtime: Realtime }, userId: string): Promise<void> {
  const summary = await getCreditSummary(deps.db, userId);
  deps.realtime.toUser(userId, 'credits:changed', summary);
}
