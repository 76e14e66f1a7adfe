/**
 * Welcome credits per network. The device id a visitor signs in with is the client's word, so
 * it only says "this device had its trial"; what bounds the trial is the network the sign-in
 * comes from (an IPv4 address or an IPv6 /64): at most `perNetwork` welcome grants per
 * `windowHours`. A sign-in past the bound still gets its account, with no welcome credits, and
 * the refusal is counted per network and day for the admin console.
 */
import type { Database } from '@tessera/db/connect';
import type { WelcomeAbuseDto, zAdminWelcomeAbuseInput } from '@tessera/shared/admin';
import type { z } from 'zod';
import { claimWelcomeSlot, recordWelcomeRefusal, topWelcomeRefusals, welcomeGrantExists } from './welcome.repo.ts';

export interface WelcomeLimit {
  /** Welcome grants per network and window; 0 turns welcome grants off. */
  perNetwork: number;
  windowHours: number;
}

/** Where a new user signed up from, and the bound that applies there. */
export interface WelcomeNetwork {
  network: string;
  limit: WelcomeLimit;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Whether a welcome grant with `sourceId` may go to a user who signed up from `from`: not when
 * that source already had one (a returning device: no share of the network is used), nor when
 * the network used its share of the window (then the refusal is recorded).
 */
export async function mayGrantWelcome(db: Database, sourceId: string, from: WelcomeNetwork, now: Date = new Date()): Promise<boolean> {
  if (await welcomeGrantExists(db, sourceId)) return false;
  const { perNetwork, windowHours } = from.limit;
  const claimed =
    perNetwork > 0 &&
    (await claimWelcomeSlot(db, { network: from.network, now, windowStart: new Date(now.getTime() - windowHours * HOUR_MS), perWindow: perNetwork }));
  if (!claimed) await recordWelcomeRefusal(db, from.network, now);
  return claimed;
}

/** admin.abuse.welcomeCredits: the networks with the most refused welcome grants lately. */
export async function welcomeCreditAbuse(
  db: Database,
  input: z.output<typeof zAdminWelcomeAbuseInput>,
  now: Date = new Date(),
): Promise<WelcomeAbuseDto> {
  const since = new Date(now.getTime() - (input.days - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await topWelcomeRefusals(db, since, input.limit);
  return { since, networks: rows.map((r) => ({ network: r.network, refused: r.refused, lastRefusedAt: r.lastRefusedAt.toISOString() })) };
}
