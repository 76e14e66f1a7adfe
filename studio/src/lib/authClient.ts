/** better-auth's client. §4: no session refetch on focus, when offline or on an interval. */
import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [anonymousClient()],
  sessionOptions: { refetchOnWindowFocus: false, refetchWhenOffline: false, refetchInterval: 0 },
});

export type AuthSession = typeof authClient.$Infer.Session;
