/** better-auth's view of the identity tables: the Drizzle adapter over users/sessions/accounts/verifications and its rate-limit counters. */
import type { Database } from '@tessera/db/connect';
import { accounts, rateLimits, sessions, users, verifications } from '@tessera/db/schema';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';

export function authDatabaseAdapter(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
  });
}
