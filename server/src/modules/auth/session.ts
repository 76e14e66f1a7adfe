/** Reads a better-auth session from request headers into the shape procedures use. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import { isDeletedSessionToken } from '../account/account.api.ts';
import type { Auth } from './auth.ts';
import { quickSession } from './sessionLookup.ts';

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

/** The session token inside better-auth's signed session cookie (`<token>.<signature>`). */
export function sessionTokenFromCookie(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== 'tessera.session_token' && name !== '__Secure-tessera.session_token') continue;
    const token = safeDecode(rest.join('='))?.split('.')[0];
    return token || null;
  }
  return null;
}

/** A cookie value with a broken percent-escape (`%E0%A4%A`) is no token, not a server error. */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The caller's session, or null. With `db`, a cookie whose session belonged to a deleted
 * account is answered USER_DELETED (§8) rather than treated as no session.
 */
export async function loadSession(auth: Auth, rawHeaders: IncomingHttpHeaders, db?: Database): Promise<SessionInfo | null> {
  if (!rawHeaders.cookie && !rawHeaders.authorization) return null;
  // A live session in one prepared statement; anything else is better-auth's to answer.
  const quick = db ? await quickSession(auth, db, rawHeaders.cookie) : undefined;
  if (quick) return toSessionInfo(quick.sessionId, quick.user);
  const result = await auth.api.getSession({ headers: toHeaders(rawHeaders) });
  if (!result) {
    const token = db ? sessionTokenFromCookie(rawHeaders.cookie) : null;
    if (db && token && (await isDeletedSessionToken(db, token))) throw new AppError('USER_DELETED');
    return null;
  }
  return toSessionInfo(result.session.id, result.user);
}

function toSessionInfo(
  sessionId: string,
  user: { id: string; email: string; emailVerified: boolean; isAnonymous?: boolean | null | undefined; role?: unknown; userGroup?: unknown; deviceId?: unknown; createdAt: Date | string },
): SessionInfo {
  const isAnonymous = Boolean(user.isAnonymous);
  return {
    sessionId,
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
