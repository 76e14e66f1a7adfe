/** Per-account sign-in attempt counters (sign_in_failures). */
import type { Database } from '@tessera/db/connect';
import { signInFailures } from '@tessera/db/schema';
import { eq } from 'drizzle-orm';
import type { SignInThrottleState } from './signInThrottle.ts';

/**
 * Runs `decide` on the key's state under a row lock (concurrent attempts for one address take
 * turns) and stores the state it returns, if any. Returns what `decide` returned.
 */
export async function withThrottleRow<T>(
  db: Database,
  key: string,
  decide: (state: SignInThrottleState | null) => { next: SignInThrottleState | null; result: T },
): Promise<T> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // A placeholder row to lock when the address has none yet (failures 0: no state).
    await tx.insert(signInFailures).values({ key, failures: 0, lastFailureAt: new Date(0), lockedUntil: null }).onConflictDoNothing();
    const [row] = await tx.select().from(signInFailures).where(eq(signInFailures.key, key)).for('update');
    const state = row && row.failures > 0 ? { failures: row.failures, lastFailureAt: row.lastFailureAt, lockedUntil: row.lockedUntil } : null;
    const { next, result } = decide(state);
    if (next) await tx.update(signInFailures).set(next).where(eq(signInFailures.key, key));
    return result;
  });
}

export async function deleteThrottleRow(db: Database, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}
