/** Input schemas of the rewards RPCs, apart from the zod-free rules the studio's entry uses. */
import { z } from 'zod';
import { normalizeInviteCode } from './rewards.ts';

export const zInviteCode = z.string().transform((raw, ctx) => {
  const code = normalizeInviteCode(raw);
  if (code === null) {
    ctx.addIssue({ code: 'custom', message: 'Please enter the correct invite code.' });
    return z.NEVER;
  }
  return code;
});

export const zRedeemInviteInput = z.object({ code: zInviteCode });
export type RedeemInviteInput = z.infer<typeof zRedeemInviteInput>;

export const zClaimMissionInput = z.object({ key: z.string().trim().min(1).max(64) });
