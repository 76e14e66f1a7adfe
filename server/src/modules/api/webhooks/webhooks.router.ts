/**
 * The dashboard's webhook calls (issue 19), mounted as `apiWebhooks`: the signing secret, its
 * rotation, the delivery log and replays. Session only, the owner's rows only.
 */
import { z } from 'zod';
import { router } from '../../../trpc/init.ts';
import { signedInProcedure } from '../../../trpc/procedures.ts';
import { listWebhookDeliveries, replayWebhookDelivery, rotateWebhookSecret, webhookSecret } from './webhooks.service.ts';

export const zWebhookDeliveriesInput = z.object({
  /** `nextCursor` of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export const zWebhookDeliveryIdInput = z.object({ id: z.uuid() });

export const apiWebhooksRouter = router({
  /** `{ secret: 'whsec_…' }`, made on first call. */
  secret: signedInProcedure.query(({ ctx }) => webhookSecret(ctx.services.db, ctx.user.id)),
  /** A new secret; the old one stops signing at once. */
  rotateSecret: signedInProcedure.mutation(({ ctx }) => rotateWebhookSecret(ctx.services.db, ctx.user.id)),
  /** The account's deliveries, newest first, each with its newest 20 attempts. */
  deliveries: signedInProcedure.input(zWebhookDeliveriesInput).query(({ ctx, input }) => listWebhookDeliveries(ctx.services.db, ctx.user.id, input)),
  /** Sends a delivery again now (schedule restarted); answers it as queued (`pending`). */
  replay: signedInProcedure.input(zWebhookDeliveryIdInput).mutation(({ ctx, input }) => replayWebhookDelivery(ctx.services.db, ctx.user.id, input.id)),
});
