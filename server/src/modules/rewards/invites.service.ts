/**
 * Invites (spec §5, §8): every user has a code and a link; a new user who enters a friend's
 * code gets INVITE_FRIEND_CREDITS ("you helped your friend get 10 free credits" tells the
 * inviter), and the inviter gets INVITE_SUBSCRIBE_CREDITS when that friend first subscribes.
 *
 * Anti-farming: the friend reward is given once per verified e-mail and once per device (partial
 * unique indexes on invite_redemptions); a second account on the same device is linked to its
 * inviter but gets nothing.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import { AppError, ERROR_CATALOGUE } from '@tessera/shared/errors';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_FRIEND_CREDITS,
  INVITE_SIGNUP_WINDOW_DAYS,
  INVITE_SUBSCRIBE_CREDITS,
  type InviteRedeemStatus,
} from '@tessera/shared/rewards';
import type { Realtime } from '../../realtime/realtime.ts';
import { findUserById } from '../users/users.api.ts';
import { publishCreditsChanged } from '../credits/credits.events.ts';
import { grantCredits } from '../credits/credits.service.ts';
import {
  findInviteCode,
  findRedemption,
  hasSubscribed,
  insertRedemption,
  inviterOfCode,
  inviteStats,
  saveInviteCode,
  takeSubscribeReward,
} from './rewards.repo.ts';

export interface RewardsDeps {
  db: Database;
  realtime: Realtime;
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The user's invite code, made on first use. */
export async function inviteCodeOf(db: Database, userId: string): Promise<string> {
  const existing = await findInviteCode(db, userId);
  if (existing) return existing;
  // 31^8 codes: a collision is rare; a few attempts make it vanishingly so.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const saved = await saveInviteCode(db, userId, newCode());
    if (saved) return saved;
  }
  throw new AppError('UNLOCK_REWARD_FAILED');
}

export interface InviteOverview {
  code: string;
  /** Path of the invite link; the studio prefixes its origin. */
  path: string;
  joined: number;
  rewarded: number;
  subscribed: number;
  /** Credits this user earned from invites (subscription rewards). */
  earned: number;
  friendCredits: number;
  subscribeCredits: number;
  /** The code this user entered, if any. */
  invitedBy: string | null;
}

export async function getInviteOverview(db: Database, userId: string): Promise<InviteOverview> {
  const code = await inviteCodeOf(db, userId);
  const stats = await inviteStats(db, userId);
  const mine = await findRedemption(db, userId);
  return {
    code,
    path: `/?invite=${code}`,
    ...stats,
    earned: stats.subscribed * INVITE_SUBSCRIBE_CREDITS,
    friendCredits: INVITE_FRIEND_CREDITS,
    subscribeCredits: INVITE_SUBSCRIBE_CREDITS,
    invitedBy: mine?.code ?? null,
  };
}

/**
 * Enters a friend's code. New users get the friend credits; users registered longer than the
 * sign-up window are linked without them (subscribing still rewards the inviter); subscribers
 * get the §8 "already registered" message.
 */
export async function redeemInvite(
  deps: RewardsDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<{ status: InviteRedeemStatus; credits: number; message: string | null }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  const inviterId = await inviterOfCode(deps.db, code);
  if (!inviterId) throw new AppError('INVALID_INVITE_CODE');
  if (inviterId === user.id) throw new AppError('OWN_INVITE_CODE');
  if (await findRedemption(deps.db, user.id)) throw new AppError('INVITE_ALREADY_USED');
  if (await hasSubscribed(deps.db, user.id)) throw new AppError('INVITE_REGISTERED_SUBSCRIBER');

  const email = user.email.trim().toLowerCase();
  const isNew = now.getTime() - user.createdAt.getTime() <= INVITE_SIGNUP_WINDOW_DAYS * 86_400_000;
  const base = { inviteeId: user.id, inviterId, code, email, deviceId: user.deviceId };

  const outcome = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    if (isNew && (await insertRedemption(tx, { ...base, status: 'rewarded', friendCredits: INVITE_FRIEND_CREDITS }))) {
      const grant = await grantCredits(tx, {
        userId: user.id,
        sourceKind: 'invite',
        sourceId: `invite_friend:${email}`,
        amount: INVITE_FRIEND_CREDITS,
        note: 'Invited by a friend',
      });
      if (!grant.granted) throw new AppError('UNLOCK_REWARD_FAILED');
      return 'rewarded' as const;
    }
    // Not new, or this e-mail or device had the reward: link only (the invitee row is the
    // primary key, so a concurrent second attempt lands here and then fails below).
    const status = isNew ? ('alreadyRewarded' as const) : ('registered' as const);
    if (!(await insertRedemption(tx, { ...base, status, friendCredits: 0 }))) throw new AppError('INVITE_ALREADY_USED');
    return status;
  });

  if (outcome === 'rewarded') {
    await publishCreditsChanged(deps, user.id);
    deps.realtime.toUser(inviterId, 'reward:notice', { kind: 'inviteFriendJoined', credits: INVITE_FRIEND_CREDITS });
    return { status: outcome, credits: INVITE_FRIEND_CREDITS, message: null };
  }
  return { status: outcome, credits: 0, message: outcome === 'registered' ? ERROR_CATALOGUE.INVITE_REGISTERED.message : null };
}

/**
 * Inside the transaction that records a user's first paid invoice: rewards whoever invited
 * them, once. Returns who to notify.
 */
export async function rewardInviterOnSubscribe(tx: Database, inviteeId: string): Promise<{ userId: string; credits: number } | null> {
  const inviterId = await takeSubscribeReward(tx, inviteeId);
  if (!inviterId) return null;
  const grant = await grantCredits(tx, {
    userId: inviterId,
    sourceKind: 'invite',
    sourceId: `invite_subscribe:${inviteeId}`,
    amount: INVITE_SUBSCRIBE_CREDITS,
    note: 'A friend you invited subscribed',
  });
  return grant.granted ? { userId: inviterId, credits: INVITE_SUBSCRIBE_CREDITS } : null;
}
