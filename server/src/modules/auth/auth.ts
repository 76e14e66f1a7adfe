/**
 * better-auth on the Drizzle adapter: e-mail + password, anonymous sign-in with a device id,
 * sessions in Postgres. The user fields of spec §3 are filled when a user is created.
 */
import { zAnonymousSignInBody } from '@tessera/shared/auth';
import { effectiveUserGroup, USER_GROUP_COOKIE } from '@tessera/shared/users';
import type { Database } from '@tessera/db/connect';
import { betterAuth } from 'better-auth';
import { getSessionFromCtx } from 'better-auth/api';
import { anonymous } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import { resolveRequestInfo } from '../../lib/requestInfo.ts';
import { grantWelcomeCredits } from '../credits/credits.service.ts';
import { linkAnonymousAccount } from './accountLink.ts';
import { authDatabaseAdapter } from './auth.repo.ts';

const SESSION_DAYS = 30;

export function createAuth(deps: { db: Database; config: Config }) {
  const { db, config } = deps;
  return betterAuth({
    appName: 'Tessera',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: authDatabaseAdapter(db),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    ...(config.google
      ? { socialProviders: { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } } }
      : {}),
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        userGroup: { type: 'number', required: false, input: false },
        regCountry: { type: 'string', required: false, input: false },
        deviceId: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
      },
    },
    advanced: {
      cookiePrefix: 'tessera',
      // Our own rate limiter (Fastify) guards /api/auth; one limiter is enough.
      ipAddress: { disableIpTracking: false },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const headers = ctx?.headers ?? ctx?.request?.headers ?? new Headers();
            const body = zAnonymousSignInBody.safeParse(ctx?.body ?? {});
            const email = typeof user.email === 'string' ? user.email.toLowerCase() : '';
            return {
              data: {
                ...user,
                userGroup: effectiveUserGroup({ cookieValue: readCookie(headers.get('cookie'), USER_GROUP_COOKIE) }),
                regCountry: resolveRequestInfo(headers, config).country,
                deviceId: body.success ? (body.data.deviceId ?? null) : null,
                role: config.adminEmails.includes(email) ? 'admin' : 'user',
              },
            };
          },
          // After the user row committed (better-auth queues this hook after its transaction).
          after: async (user, ctx) => {
            try {
              const fromAnonymousSession = !user.isAnonymous && ctx ? Boolean((await getSessionFromCtx(ctx, { disableRefresh: true }))?.user.isAnonymous) : false;
              await grantWelcomeCredits(db, {
                id: user.id,
                email: user.email,
                emailVerified: user.emailVerified,
                deviceId: typeof user.deviceId === 'string' ? user.deviceId : null,
                isAnonymous: Boolean(user.isAnonymous),
                fromAnonymousSession,
              });
            } catch (err) {
              // A missing welcome grant is fixable later; a failed sign-up loses the visitor.
              (ctx?.context.logger ?? console).error('welcome credits failed', err);
            }
          },
        },
      },
    },
    plugins: [
      anonymous({
        emailDomainName: 'anonymous.tessera.invalid',
        generateName: () => 'Guest',
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await linkAnonymousAccount(db, anonymousUser.user.id, newUser.user.id);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
