/**
 * better-auth on the Drizzle adapter: e-mail + password with a verified address, anonymous
 * sign-in with a device id, sessions in Postgres. The user fields of spec §3 are filled when a
 * user is created.
 *
 * E-mail flow (emailOTP plugin): sign-up creates an unverified user and mails a 6-digit code;
 * /email-otp/verify-email checks it and signs in (moving an anonymous session's data across);
 * a password sign-in before that answers "Email has not been verified yet.". Forgotten
 * passwords are reset with a code of the same kind. Codes live 10 minutes, are stored hashed,
 * work once, and die after 5 wrong guesses.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, zAnonymousSignInBody } from '@tessera/shared/auth';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import { effectiveUserGroup, USER_GROUP_COOKIE } from '@tessera/shared/users';
import { safeProfileName } from '@tessera/shared/users/profile';
import type { Database } from '@tessera/db/connect';
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { anonymous, emailOTP } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import { isUserBanned } from '../admin/admin.api.ts';
import { redactQueryText } from '../../lib/logRedaction.ts';
import { networkOf } from '../../lib/network.ts';
import { resolveRequestInfo } from '../../lib/requestInfo.ts';
import { grantVerifiedEmailBonus, grantWelcomeCredits } from '../credits/credits.service.ts';
import type { MailOutbox } from '../mail/mail.ts';
import { renderAuthMail } from '../mail/mailTemplates.ts';
import { linkAnonymousAccount } from './accountLink.ts';
import { authDatabaseAdapter } from './auth.repo.ts';
import { AUTH_DISABLED_PATHS, authRateLimitRules, CLIENT_IP_HEADER, credentialPolicyHook, mailLanguage } from './authPolicy.ts';
import { testPasswordHash } from './testPasswordHash.ts';

const SESSION_DAYS = 30;
/** Verification and reset codes: 6 digits, valid 10 minutes, 5 guesses. */
export const CODE_LENGTH = 6;
export const CODE_MINUTES = 10;
export const CODE_ATTEMPTS = 5;

export function createAuth(deps: { db: Database; config: Config; outbox: MailOutbox; log?: FastifyBaseLogger }) {
  const { db, config, outbox } = deps;
  return betterAuth({
    appName: 'Tessera',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: authDatabaseAdapter(db),
    emailAndPassword: {
      enabled: true,
      // No session until the address is verified; sign-up for a taken address answers exactly
      // like a fresh one (better-auth's generic response) and the owner gets a notice instead.
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // better-auth's scrypt; a cheaper work factor only for test runs (testPasswordHash.ts).
      ...(config.env === 'test' ? { password: testPasswordHash } : {}),
      onExistingUserSignUp: async ({ user }, request) => {
        outbox.enqueue(renderAuthMail({ kind: 'existing-account' }, mailLanguage(request?.headers), user.email));
      },
    },
    emailVerification: {
      autoSignInAfterVerification: true,
      // The verified-e-mail bonus: once per address (its source id), whoever verifies it.
      afterEmailVerification: async (user) => {
        await grantVerifiedEmailBonus(db, user.id, user.email);
      },
    },
    // Link-based flows and OTP sign-in/sign-up would bypass the password and e-mail rules.
    disabledPaths: [...AUTH_DISABLED_PATHS],
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
      // One statement for a session and its user (the Drizzle adapter's relational query, over
      // the relations in db/src/schema/auth.ts) instead of two: every signed-in request pays it.
      // https://www.better-auth.com/docs/adapters/drizzle ("Joins")
      database: { joins: true },
      cookiePrefix: 'tessera',
      // Cookies are HttpOnly and SameSite=Lax (better-auth's defaults), and Secure (with the
      // __Secure- prefix) whenever the studio is served over HTTPS.
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // auth.routes.ts sets this header from Fastify's request.ip (which honours TRUST_PROXY) and
      // drops any copy the client sent, so a forged X-Forwarded-For cannot pick the rate-limit key.
      ipAddress: { disableIpTracking: false, ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Counted in Postgres per client IP and path, so every node shares the limits. Fastify's
    // in-memory limiter (auth.routes.ts) stays in front as a coarse guard for all of /api/auth.
    rateLimit: { enabled: true, storage: 'database', window: config.authLimits.windowSeconds, max: 100, customRules: authRateLimitRules(config.authLimits) },
    telemetry: { enabled: false },
    // better-auth's own log lines (failed queries among them) go through our logger, whose error
    // serializer censors query values; its default prints errors to the console verbatim.
    ...(deps.log ? { logger: { log: authLogSink(deps.log) } } : {}),
    hooks: { before: credentialPolicyHook },
    databaseHooks: {
      session: {
        create: {
          // A banned user gets no session, whichever way they sign in (the ban ends existing ones).
          before: async (session) => {
            if (await isUserBanned(db, session.userId)) throw new APIError('FORBIDDEN', { code: 'USER_BANNED', message: ERROR_CATALOGUE.USER_BANNED.message });
          },
        },
      },
      user: {
        // No endpoint we offer changes these (update-user is disabled; profiles go through
        // user.updateProfile); should one appear, it still cannot store a name or avatar outside the rules.
        update: {
          before: async (user) => ({
            data: {
              ...user,
              ...(user.name !== undefined ? { name: safeProfileName(user.name, 'Guest') } : {}),
              ...(user.image !== undefined && !(typeof user.image === 'string' && user.image.startsWith('/api/media/')) ? { image: null } : {}),
            },
          }),
        },
        create: {
          before: async (user, ctx) => {
            const headers = ctx?.headers ?? ctx?.request?.headers ?? new Headers();
            const body = zAnonymousSignInBody.safeParse(ctx?.body ?? {});
            const email = typeof user.email === 'string' ? user.email.toLowerCase() : '';
            return {
              data: {
                ...user,
                // Whatever path creates the account (an identity provider's profile included), the
                // name follows the profile rules and there is no avatar until the user uploads one:
                // a remote picture URL would have every viewer's browser call that host.
                name: safeProfileName(user.name, 'Guest'),
                image: null,
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
              // auth.routes.ts sets the client IP header on every request it hands better-auth.
              const clientIp = (ctx?.headers ?? ctx?.request?.headers)?.get(CLIENT_IP_HEADER);
              await grantWelcomeCredits(
                db,
                {
                  id: user.id,
                  email: user.email,
                  emailVerified: user.emailVerified,
                  deviceId: typeof user.deviceId === 'string' ? user.deviceId : null,
                  isAnonymous: Boolean(user.isAnonymous),
                  fromAnonymousSession,
                },
                clientIp ? { network: networkOf(clientIp), limit: config.welcomeCredits } : null,
              );
            } catch (err) {
              // A missing welcome grant is fixable later; a failed sign-up loses the visitor.
              (ctx?.context.logger ?? console).error('welcome credits failed', err);
            }
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_MINUTES * 60,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        // Sign-up goes through /sign-up/email only (password and e-mail rules apply there).
        disableSignUp: true,
        overrideDefaultEmailVerification: true,
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          const language = mailLanguage(ctx?.request?.headers ?? ctx?.headers);
          if (type === 'forget-password') {
            outbox.enqueue(renderAuthMail({ kind: 'password-reset-code', code: otp, minutes: CODE_MINUTES }, language, email));
            return;
          }
          if (type !== 'email-verification') return;
          // A verified address needs no code; sending one would make verify-email a password-less sign-in.
          const found = await ctx?.context.internalAdapter.findUserByEmail(email);
          if (!found || found.user.emailVerified) return;
          outbox.enqueue(renderAuthMail({ kind: 'verification-code', code: otp, minutes: CODE_MINUTES }, language, email));
        },
      }),
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
    if (key !== name) continue;
    // A broken percent-escape is the client's mistake: no value, not a failed sign-up.
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * better-auth's log calls as pino lines. Its message can be a failed query's whole text, values
 * included, so that is cut; an error argument goes to the `err` serializer, which censors the
 * rest. Other arguments are dropped: nothing vets what they hold.
 */
function authLogSink(log: FastifyBaseLogger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]): void => {
    const err = args.find((arg) => arg instanceof Error);
    log[level]({ component: 'better-auth', ...(err ? { err } : {}) }, redactQueryText(message));
  };
}
