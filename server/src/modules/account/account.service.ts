/**
 * Deleting an account (§2 delete-account and confirm widgets). What happens, in order:
 * 1. the user confirms by typing their e-mail address;
 * 2. subscriptions that could still charge them are ended at the payment provider;
 * 3. one transaction tombstones their sessions and deletes the user row, which cascades to
 *    sessions, linked accounts, tasks, creations, media rows, credit grants, holds and ledger
 *    entries — nothing about them is kept, not even anonymised;
 * 4. their stored files are removed and their open tabs told to sign out (`session:ended`);
 * 5. any old session cookie is answered `USER_DELETED` until it would have expired.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import { z } from 'zod';
import type { MediaStorage } from '../../media/storage.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type BillingDeps, endSubscriptionsOf } from '../billing/billing.service.ts';
import { deleteUserRows, mediaKeysOf, purgeDeletedSessions } from './account.repo.ts';
import type { CollabService } from '../../collab/collab.types.ts';

export const zDeleteAccountInput = z.object({ confirmEmail: z.string().trim().min(1).max(320) });

export async function deleteAccount(
  deps: { db: Database; storage: MediaStorage; realtime: Realtime; billing: BillingDeps; collab: CollabService | null },
  user: { id: string; email: string | null },
  input: z.infer<typeof zDeleteAccountInput>,
): Promise<{ deleted: true }> {
  if (!user.email || input.confirmEmail.toLowerCase() !== user.email.toLowerCase()) throw new AppError('INCORRECT_PARAMETER');
  await endSubscriptionsOf(deps.billing, user.id);
  const keys = await mediaKeysOf(deps.db, user.id);
  if (!(await deleteUserRows(deps.db, user.id))) throw new AppError('USER_NOT_FOUND');
  // After the commit: a crash here leaves orphan files, never rows pointing at missing files.
  for (const key of keys) await deps.storage.delete(key);
  await deps.storage.deleteOwner(user.id);
  deps.realtime.endUserSessions(user.id, 'deleted');
  deps.collab?.disconnectUser(user.id);
  await purgeDeletedSessions(deps.db);
  return { deleted: true };
}
