/** Input schemas of the billing RPCs: kept apart so the studio's entry can use the plan rules without zod. */
import { z } from 'zod';
import { CANCEL_REASONS, type CancelSubscriptionInput } from './plans.ts';

export const zSubLogInput = z.object({ appName: z.string().trim().min(1).max(64) });

export const zCancelSubscriptionInput = z.object({
  subscriptionId: z.string().min(1).max(255),
  reasons: z.array(z.enum(CANCEL_REASONS)).min(1).max(CANCEL_REASONS.length),
  comment: z.string().trim().max(1000).optional(),
}) satisfies z.ZodType<CancelSubscriptionInput>;
