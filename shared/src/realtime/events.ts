/**
 * Socket.IO contract: event names and payload schemas shared by the server (emit helpers) and
 * the studio (listeners). Rooms: `user:<id>` for everything about one user, `project:<id>` for
 * everyone working on one project.
 */
import { z } from 'zod';

export * from './socket.ts';

export const zSessionReady = z.object({ userId: z.string(), anonymous: z.boolean() });
export const zCreditsChanged = z.object({
  used: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
});
export const zTaskProgress = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
});
export const zTaskOutput = z.object({
  url: z.string(),
  mediaType: z.enum(['image', 'video', 'audio']),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** The creation this output became (my creations, download, "use as input"). */
  creationId: z.string().optional(),
});
export const zTaskSucceeded = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  outputs: z.array(zTaskOutput),
});
export const zTaskFailed = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});

/** A subscription changed (checkout, renewal, cancel …): refetch the subscription log. */
export const zSubscriptionChanged = z.object({ subscriptionId: z.string(), status: z.string() });
/** A reward reached this user: an invited friend joined or subscribed. */
export const zRewardNotice = z.object({
  kind: z.enum(['inviteFriendJoined', 'inviteFriendSubscribed']),
  credits: z.number().int().nonnegative(),
});

/** Every server → client event with its payload schema. */
export const SERVER_EVENTS = {
  'session:ready': zSessionReady,
  'credits:changed': zCreditsChanged,
  'task:progress': zTaskProgress,
  'task:succeeded': zTaskSucceeded,
  'task:failed': zTaskFailed,
  'subscription:changed': zSubscriptionChanged,
  'reward:notice': zRewardNotice,
} as const;

export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENTS)[E]>;

/** Socket.IO's typed-events map for server → client. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

/** Client → server events. None yet: clients talk to the server through tRPC. */
export type ClientToServerEvents = Record<string, never>;
