/** The only place that queries users. Returns DTOs, never raw rows. */
import type { Database } from '@tessera/db/connect';
import { users } from '@tessera/db/schema';
import { eq, sql } from 'drizzle-orm';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  firstName: string | null;
  lastName: string | null;
  userGroup: number;
  regCountry: string | null;
  deviceId: string | null;
  isAnonymous: boolean;
  role: string;
  createdAt: Date;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  firstName: users.firstName,
  lastName: users.lastName,
  userGroup: users.userGroup,
  regCountry: users.regCountry,
  deviceId: users.deviceId,
  isAnonymous: users.isAnonymous,
  role: users.role,
  createdAt: users.createdAt,
};

export async function findUserById(db: Database, id: string): Promise<UserRecord | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updateUserProfile(
  db: Database,
  id: string,
  patch: { name?: string | undefined; firstName?: string | null | undefined; lastName?: string | null | undefined; image?: string | null | undefined },
): Promise<UserRecord | null> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning(columns);
  return row ?? null;
}

/**
 * What a registered account inherits from the anonymous user it replaces: the device id and
 * user group (the visitor keeps their experience), and the registration country when unknown.
 */
export async function inheritAnonymousProfile(db: Database, fromId: string, toId: string): Promise<void> {
  const from = await findUserById(db, fromId);
  const to = await findUserById(db, toId);
  if (!from || !to) return;
  await db
    .update(users)
    .set({
      deviceId: to.deviceId ?? from.deviceId,
      userGroup: from.userGroup,
      regCountry: to.regCountry ?? from.regCountry,
    })
    .where(eq(users.id, toId));
}

export async function countUsers(db: Database): Promise<{ total: number; anonymous: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      anonymous: sql<number>`count(*) filter (where ${users.isAnonymous})::int`,
    })
    .from(users);
  return { total: row?.total ?? 0, anonymous: row?.anonymous ?? 0 };
}
