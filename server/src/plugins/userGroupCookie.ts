/**
 * The user-group cookie of §5/§9: a visitor without a valid one (missing, out of range, not a
 * number) gets a random group 101–160 in a cookie that lives about two years (63,072,000 s).
 * The anonymous sign-in that follows carries it, so the user's server group (auth.ts) is the
 * same group, and overrides the cookie once the user is signed in (§5).
 */
import { parseUserGroup, randomUserGroup, USER_GROUP_COOKIE, USER_GROUP_COOKIE_MAX_AGE_S } from '@tessera/shared/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Page loads and RPC calls: a visitor's first page load gets the cookie, so the anonymous
 * sign-in that follows carries it. Never static files (caches may share their answers) and never
 * the auth routes, whose answers carry no cookie but the session's.
 */
function wantsGroup(request: FastifyRequest): boolean {
  if (request.url.startsWith('/api/trpc/')) return true;
  return request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
}

/** The cookie header with `name=value` in place of any earlier value of `name`. */
function withCookie(header: string | undefined, name: string, value: string): string {
  const others = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part.split('=')[0]?.trim() !== name);
  return [...others, `${name}=${value}`].join('; ');
}

export function registerUserGroupCookie(app: FastifyInstance, random: () => number = Math.random): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!wantsGroup(request) || parseUserGroup(request.cookies[USER_GROUP_COOKIE]) !== null) return;
    const group = String(randomUserGroup(random));
    request.headers.cookie = withCookie(request.headers.cookie, USER_GROUP_COOKIE, group);
    reply.setCookie(USER_GROUP_COOKIE, group, {
      path: '/',
      maxAge: USER_GROUP_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  });
}
