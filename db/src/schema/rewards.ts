/**
 * Earned credits: missions (catalogue is seed data), invites and the daily check-in. Each reward
 * is a ledger grant with a unique source id, so a double click or a second tab cannot grant
 * twice; the tables here record what was claimed and by whom.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const missions = pgTable('missions', {
  key: text('key').primaryKey(),
  /** `once` or `daily`. */
  kind: text('kind').notNull(),
  metric: text('metric').notNull(),
  target: integer('target').notNull(),
  credits: integer('credits').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull(),
});

export const missionClaims = pgTable(
  'mission_claims',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionKey: text('mission_key')
      .notNull()
      .references(() => missions.key),
    /** `once` for one-time missions, the UTC day for daily ones. */
    period: text('period').notNull(),
    credits: integer('credits').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.missionKey, t.period] })],
);

export const inviteCodes = pgTable(
  'invite_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invite_codes_code_uq').on(t.code)],
);

export const inviteRedemptions = pgTable(
  'invite_redemptions',
  {
    /** One code per invited user. */
    inviteeId: text('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    email: text('email').notNull(),
    deviceId: text('device_id'),
    /** rewarded | registered | alreadyRewarded (shared/rewards InviteRedeemStatus). */
    status: text('status').notNull(),
    friendCredits: integer('friend_credits').notNull().default(0),
    /** When the inviter got the subscription reward for this friend. */
    subscribeRewardedAt: timestamp('subscribe_rewarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invite_redemptions_inviter_idx').on(t.inviterId, t.createdAt),
    // Anti-farming: one friend reward per verified e-mail and per device.
    uniqueIndex('invite_redemptions_rewarded_email_uq').on(t.email).where(sqlRewarded()),
    uniqueIndex('invite_redemptions_rewarded_device_uq').on(t.deviceId).where(sqlRewarded()),
  ],
);

function sqlRewarded() {
  return sql`status = 'rewarded'`;
}

export const checkIns = pgTable(
  'check_ins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    streak: integer('streak').notNull(),
    credits: integer('credits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
