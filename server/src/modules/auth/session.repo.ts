/** The session behind a token with the user fields a request needs, in one prepared statement. */
import type { Database } from '@tessera/db/connect';
import { sessions, users } from '@tessera/db/schema';
import { eq, sql } from 'drizzle-orm';

export interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  user: {
    id: string;
    email: string;
    emailVerified: boolean;
    isAnonymous: boolean;
    role: string;
    userGroup: number;
    deviceId: string | null;
    createdAt: Date;
  };
}

function prepareLookup(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        isAnonymous: users.isAnonymous,
        role: users.role,
        userGroup: users.userGroup,
        deviceId: users.deviceId,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_with_user_by_token');
}

const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

export async function findSessionWithUser(db: Database, token: string): Promise<SessionRow | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ token });
  return row;
}
