/**
 * better-auth's client. §4: no session refetch on focus, when offline or on an interval.
 * Every auth call carries the user-language header (§7) so the e-mails the server sends for it
 * (verification and password-reset codes) are in the page's language.
 */
import { anonymousClient, emailOTPClient, inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { userLanguageHeaders } from './userLanguage.ts';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    anonymousClient(),
    emailOTPClient(),
    inferAdditionalFields({
      user: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        userGroup: { type: 'number', required: false },
      },
    }),
  ],
  sessionOptions: { refetchOnWindowFocus: false, refetchWhenOffline: false, refetchInterval: 0 },
  fetchOptions: {
    onRequest(context) {
      for (const [name, value] of Object.entries(userLanguageHeaders())) context.headers.set(name, value);
      return context;
    },
  },
});

export type AuthSession = typeof authClient.$Infer.Session;
