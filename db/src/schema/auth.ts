/**
 * Identity tables. better-auth owns their shape (user, session, account, verification); the
 * user carries the extra fields of spec §3. Column names are snake_case in SQL.
 */
import { relations, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Display name; better-auth requires it (anonymous users get a generated one). */
    name: text('name').notNull(),
    /** Anonymous users carry a placeholder address; the API never exposes it (see isAnonymous). */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** §3: three-digit group 101–160, see shared/users. */
    userGroup: integer('user_group').notNull().default(115),
    /** ISO 3166-1 alpha-2 country at registration. */
    regCountry: text('reg_country'),
    /** Browser id from the studio's fingerprint (§3 "Device identity"). */
    deviceId: text('device_id'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** 'user' or 'admin'; admins come from ADMIN_EMAILS at sign-up (see server config). */
    role: text('role').notNull().default('user'),
    /** Set when an admin bans the user: no sign-in, no publishing, their content hidden. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_device_id_idx').on(t.deviceId),
    // The admin user lookup: case-insensitive e-mail or name prefix (LIKE 'abc%').
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** Password hash (scrypt) for the credential provider. */
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Tombstones of the sessions a deleted account had: an old cookie is answered `USER_DELETED`
 * (§8) instead of silently becoming a stranger, until the session would have expired.
 */
export const deletedSessions = pgTable('deleted_sessions', {
  token: text('token').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password sign-in attempts per account: the per-IP limits do not stop guesses spread over many
 * addresses. Keyed by a keyed hash of the normalised e-mail, whether or not an account has it,
 * so the answers never tell which addresses are registered (auth/signInThrottle.service.ts).
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  /** Attempts that did not succeed since the counter last started over. */
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  /** Attempts before this are refused without looking at the password. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Request rate-limit windows shared by every node when PostgreSQL counts them
 * (server/src/plugins/sharedCounters.ts): one row per key, reset when its window has ended.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/**
 * The relations better-auth's joins use (`advanced.database.joins`, server/src/modules/auth/auth.ts):
 * a session is read with its user in one statement, not two.
 */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({ user: one(users, { fields: [sessions.userId], references: [users.id] }) }));
export const accountsRelations = relations(accounts, ({ one }) => ({ user: one(users, { fields: [accounts.userId], references: [users.id] }) }));
