import { zClaimMissionInput, zRedeemInviteInput } from '@tessera/shared/rewards/schemas';
import { router } from '../../trpc/init.ts';
import { signedInProcedure } from '../../trpc/procedures.ts';
import { checkIn, getCheckIn } from './checkIn.service.ts';
import { getInviteOverview, redeemInvite } from './invites.service.ts';
import { claimMission, listMissions } from './missions.service.ts';

/** Rewards need an e-mail account: anonymous sessions are too cheap to make to earn credits with. */
export const missionRouter = router({
  list: signedInProcedure.query(({ ctx }) => listMissions(ctx.services.db, ctx.user.id)),
  claim: signedInProcedure.input(zClaimMissionInput).mutation(({ ctx, input }) => claimMission(ctx.services, ctx.user.id, input.key)),
});

export const inviteRouter = router({
  get: signedInProcedure.query(({ ctx }) => getInviteOverview(ctx.services.db, ctx.user.id)),
  redeem: signedInProcedure.input(zRedeemInviteInput).mutation(({ ctx, input }) => redeemInvite(ctx.services, ctx.user.id, input.code)),
});

export const checkInRouter = router({
  get: signedInProcedure.query(({ ctx }) => getCheckIn(ctx.services.db, ctx.user.id)),
  checkIn: signedInProcedure.mutation(({ ctx }) => checkIn(ctx.services, ctx.user.id)),
});
