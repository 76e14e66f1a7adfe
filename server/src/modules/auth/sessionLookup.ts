/**
 * The common case of better-auth's getSession, cheaper: a signed session cookie whose session
 * is live and not due for its daily refresh. better-auth verifies the cookie's HMAC through
 * WebCrypto (a key import and a job per request) and builds its relational query anew each
 * time; here the signature is checked with node:crypto and the session and its user come from
 * one prepared statement. Every other case — no or badly signed cookie, unknown or expired
 * session, a refresh due, a "don't remember me" session — returns `undefined`, and the caller
 * asks better-auth, which answers it (clearing cookies, deleting expired rows, extending the
 * session) exactly as before. Nothing is cached: a session deleted by sign-out, revocation, a
 * ban or account deletion is gone for the very next request, on every node.
 *
 * better-auth's rules followed here (better-auth 1.7, api/routes/session.mjs and
 * better-call's getSignedCookie): cookie value `<token>.<base64 HMAC-SHA256(secret, token)>`
 * (44 characters, ending in `=`); a session is expired when `expiresAt < now`; it is refreshed
 * when `expiresAt − expiresIn + updateAge <= now`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@tessera/db/connect';
import type { Auth } from './auth.ts';
import { findSessionWithUser, type SessionRow } from './session.repo.ts';

/** The cookie names and session timing better-auth uses, read once from its own context. */
interface CookieRules {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const rulesOf = new WeakMap<Auth, Promise<CookieRules>>();

function cookieRules(auth: Auth): Promise<CookieRules> {
  let rules = rulesOf.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => ({
      sessionCookie: ctx.authCookies.sessionToken.name,
      dontRememberCookie: ctx.authCookies.dontRememberToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    rulesOf.set(auth, rules);
  }
  return rules;
}

/** The raw values of the named cookies in a Cookie header (first occurrence wins, as better-call's parser does). */
function readCookies(header: string, names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (names.includes(name) && !found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

/** The token of a correctly signed session cookie value, or null. */
export function verifiedToken(rawValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(rawValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The live session behind the request's cookie, or `undefined` when better-auth must decide
 * (see the file comment).
 */
export async function quickSession(auth: Auth, db: Database, cookieHeader: string | undefined, now = Date.now()): Promise<SessionRow | undefined> {
  if (!cookieHeader) return undefined;
  const rules = await cookieRules(auth);
  const cookies = readCookies(cookieHeader, [rules.sessionCookie, rules.dontRememberCookie]);
  const raw = cookies.get(rules.sessionCookie);
  if (raw === undefined || cookies.has(rules.dontRememberCookie)) return undefined;
  const token = verifiedToken(raw, rules.secret);
  if (!token) return undefined;
  const row = await findSessionWithUser(db, token);
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt < now || expiresAt - rules.expiresInMs + rules.updateAgeMs <= now) return undefined;
  return row;
}
