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
/** Who asked for a task, on events sent to a project's room (every collaborator sees them). */
const zRequester = z.object({ id: z.string(), name: z.string() });

export const zTaskProgress = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
  kind: z.string().optional(),
  by: zRequester.optional(),
  /** The canvas node waiting for this task. */
  nodeId: z.string().optional(),
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
  by: zRequester.optional(),
  nodeId: z.string().optional(),
});
export const zTaskFailed = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  by: zRequester.optional(),
  nodeId: z.string().optional(),
});

/**
 * A project's members, name or existence changed: refetch it. `removed` lists users who lost
 * access (their canvas closes); `deleted` means the project is gone.
 */
export const zProjectChanged = z.object({
  projectId: z.string(),
  change: z.enum(['meta', 'members', 'deleted']),
  removed: z.array(z.string()).optional(),
});

/** A subscription changed (checkout, renewal, cancel …): refetch the subscription log. */
export const zSubscriptionChanged = z.object({ subscriptionId: z.string(), status: z.string() });
/** A reward reached this user: an invited friend joined or subscribed. */
export const zRewardNotice = z.object({
  kind: z.enum(['inviteFriendJoined', 'inviteFriendSubscribed']),
  credits: z.number().int().nonnegative(),
});

/**
 * The session this socket belongs to is over on the server (an admin banned the user, or the
 * account was deleted): the tab signs out instead of going on looking signed in. The server
 * disconnects the socket right after.
 */
export const SESSION_END_REASONS = ['banned', 'deleted'] as const;
export const zSessionEnded = z.object({ reason: z.enum(SESSION_END_REASONS) });
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Every server → client event with its payload schema. */
export const SERVER_EVENTS = {
  'session:ready': zSessionReady,
  'session:ended': zSessionEnded,
  'credits:changed': zCreditsChanged,
  'task:progress': zTaskProgress,
  'task:succeeded': zTaskSucceeded,
  'task:failed': zTaskFailed,
  'subscription:changed': zSubscriptionChanged,
  'reward:notice': zRewardNotice,
  'project:changed': zProjectChanged,
} as const;

export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENTS)[E]>;

/** Socket.IO's typed-events map for server → client. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

/**
 * Client → server events. Everything else goes through tRPC; these only join and leave a
 * project's room (membership is checked; the ack says whether it worked).
 */
export type ClientToServerEvents = {
  'project:join': (projectId: string, ack: (ok: boolean) => void) => void;
  'project:leave': (projectId: string) => void;
};
