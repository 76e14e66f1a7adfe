/** Reads a better-auth session from request headers into the shape procedures use. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Auth } from './auth.ts';

/** §3 "User session": anonymous users have no e-mail. */
export interface SessionInfo {
  sessionId: string;
  user: {
    id: string;
    email: string | null;
    emailVerified: boolean;
    isAnonymous: boolean;
    role: string;
    userGroup: number;
    deviceId: string | null;
    dateCreated: string;
  };
}

export function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export async function loadSession(auth: Auth, rawHeaders: IncomingHttpHeaders): Promise<SessionInfo | null> {
  if (!rawHeaders.cookie && !rawHeaders.authorization) return null;
  const result = await auth.api.getSession({ headers: toHeaders(rawHeaders) });
  if (!result) return null;
  const { user, session } = result;
  const isAnonymous = Boolean(user.isAnonymous);
  return {
    sessionId: session.id,
    user: {
      id: user.id,
      email: isAnonymous ? null : user.email,
      emailVerified: user.emailVerified,
      isAnonymous,
      role: typeof user.role === 'string' ? user.role : 'user',
      userGroup: typeof user.userGroup === 'number' ? user.userGroup : 115,
      deviceId: typeof user.deviceId === 'string' ? user.deviceId : null,
      dateCreated: new Date(user.createdAt).toISOString(),
    },
  };
}
