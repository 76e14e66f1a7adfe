import { zCancelSubscriptionInput, zSubLogInput } from '@tessera/shared/plans/schemas';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { publicProcedure, signedInProcedure } from '../../trpc/procedures.ts';
import {
  cancelSubscription,
  createCheckout,
  getCatalogue,
  getSubLog,
  paymentMethodUrl,
  reactivateSubscription,
  takePurchases,
  upgradeSubscription,
  zCatalogueInput,
  zCheckoutInput,
  zUpgradeInput,
} from './billing.service.ts';
import {
  advanceTestClock,
  getTestCard,
  getTestSession,
  payTestSession,
  setTestCard,
  zAdvanceClockInput,
  zPayTestSessionInput,
  zSetTestCardInput,
} from './testCheckout.service.ts';

/** §7 subLog.getSubLog: "no caching; signed in and appName present". */
export const subLogRouter = router({
  getSubLog: signedInProcedure.input(zSubLogInput).query(({ ctx, input }) => getSubLog(ctx.services.billing, ctx.user.id, input.appName)),
});

const zSubscriptionRef = z.object({ subscriptionId: z.string().min(1).max(255) });

export const billingRouter = router({
  /** Plans and prices in the visitor's currency (country from the request, §7 user.getReqInfo). */
  catalogue: publicProcedure
    .input(zCatalogueInput)
    .query(({ ctx, input }) => getCatalogue(ctx.services.billing, { ...input, language: input.language ?? ctx.lang }, ctx.requestInfo.country)),
  checkout: signedInProcedure
    .input(zCheckoutInput)
    .mutation(({ ctx, input }) =>
      createCheckout(ctx.services.billing, ctx.user, input, { publicUrl: ctx.services.config.publicUrl, country: ctx.requestInfo.country }),
    ),
  cancel: signedInProcedure.input(zCancelSubscriptionInput).mutation(({ ctx, input }) => cancelSubscription(ctx.services.billing, ctx.user.id, input)),
  reactivate: signedInProcedure
    .input(zSubscriptionRef)
    .mutation(({ ctx, input }) => reactivateSubscription(ctx.services.billing, ctx.user.id, input.subscriptionId)),
  upgrade: signedInProcedure.input(zUpgradeInput).mutation(({ ctx, input }) => upgradeSubscription(ctx.services.billing, ctx.user.id, input)),
  paymentMethod: signedInProcedure
    .input(zSubscriptionRef.extend({ returnPath: z.string().regex(/^\/(?!\/)/).max(500).default('/app/account') }))
    .mutation(({ ctx, input }) =>
      paymentMethodUrl(ctx.services.billing, ctx.user.id, input.subscriptionId, new URL(input.returnPath, ctx.services.config.publicUrl).toString()),
    ),
  /** §3 ecommerce records of new payments, each handed out once, for the data layer's `purchase` event. */
  takePurchases: signedInProcedure.mutation(({ ctx }) => takePurchases(ctx.services.billing, ctx.user.id)),
  /** The built-in test checkout (only without Stripe keys; NOT_FOUND otherwise). */
  testCheckout: router({
    get: signedInProcedure.input(z.object({ id: z.string().min(1).max(100) })).query(({ ctx, input }) => getTestSession(ctx.services.billing, ctx.user.id, input.id)),
    pay: signedInProcedure.input(zPayTestSessionInput).mutation(({ ctx, input }) => payTestSession(ctx.services.billing, ctx.user.id, input)),
    card: signedInProcedure.input(zSubscriptionRef).query(({ ctx, input }) => getTestCard(ctx.services.billing, ctx.user.id, input.subscriptionId)),
    setCard: signedInProcedure.input(zSetTestCardInput).mutation(({ ctx, input }) => setTestCard(ctx.services.billing, ctx.user.id, input)),
    advanceClock: signedInProcedure.input(zAdvanceClockInput).mutation(({ ctx, input }) => advanceTestClock(ctx.services.billing, ctx.user.id, input)),
  }),
});
