/** Keeps the visitor's session as §4 describes; renders nothing. */
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { pushUserProperties, userStatusOf } from '../../lib/analytics/userProperties.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { APP_NAME } from '../billing/useBillingState.ts';
import { authClient } from '../../lib/authClient.ts';
import { toUserInfo, writeUserInfoCookie } from '../../lib/userInfoCookie.ts';
import { needsAnonymousSignIn, signInAnonymously } from './anonymousSignIn.ts';
import { useAnalyticsSession } from './useAnalyticsSession.ts';
import { shouldResetSessionHistory, useSessionHistory } from './sessionHistory.ts';

export function SessionBootstrap() {
  const { pathname } = useLocation();
  const session = authClient.useSession();
  const attempted = useRef(false);
  const record = useSessionHistory((s) => s.record);
  const reset = useSessionHistory((s) => s.reset);

  useEffect(() => {
    if (shouldResetSessionHistory(pathname)) reset();
  }, [pathname, reset]);

  useEffect(() => {
    record(session.isPending ? 'loading' : session.data ? 'authenticated' : 'unauthenticated');
  }, [session.isPending, session.data, record]);

  // §3 user-info cookie: written whenever the session shows a signed-in user (after a sign-in,
  // a verification or a password reset; later visits renew its 90 days). Sign-out clears it.
  const user = session.data?.user;
  const signedInUser = user && !user.isAnonymous && user.email ? user : null;
  useEffect(() => {
    if (signedInUser) writeUserInfoCookie(toUserInfo(signedInUser));
  }, [signedInUser]);

  // §3 analytics user properties (user_group, status, credits left), pushed again when they change.
  const trpc = useTRPC();
  const subLog = useQuery({ ...trpc.subLog.getSubLog.queryOptions({ appName: APP_NAME }), enabled: Boolean(signedInUser), meta: { skipError: true } });
  const credits = useQuery({ ...trpc.credits.summary.queryOptions(), enabled: Boolean(user), meta: { skipError: true } });
  const analyticsUser = user
    ? {
        id: user.id,
        email: user.isAnonymous ? null : user.email,
        isAnonymous: Boolean(user.isAnonymous),
        userGroup: user.userGroup ?? null,
        subLog: subLog.data ?? null,
        remainingCredits: credits.data?.remaining ?? null,
      }
    : null;
  const status = analyticsUser ? userStatusOf(analyticsUser) : null;
  const analyticsKey = analyticsUser
    ? `${analyticsUser.id}|${analyticsUser.email ?? ''}|${analyticsUser.userGroup ?? ''}|${status}|${analyticsUser.remainingCredits ?? ''}`
    : null;
  const pushAnalyticsUser = useEffectEvent(() => {
    if (analyticsUser) void pushUserProperties(analyticsUser);
  });
  useEffect(() => {
    // analyticsKey identifies the user and what is pushed about them; the object itself is
    // rebuilt on every render, so the push reads it through an effect event.
    pushAnalyticsUser();
  }, [analyticsKey]);
  // The tracker's user, identify on sign-in, social sign-up/log-in events (lib/analytics).
  useAnalyticsSession({ pending: session.isPending, session: session.data, subLog: subLog.data, remainingCredits: credits.data?.remaining, status });

  useEffect(() => {
    if (attempted.current) return;
    const needed = needsAnonymousSignIn({
      pathname,
      sessionPending: session.isPending,
      hasSession: Boolean(session.data),
      sessionError: Boolean(session.error),
    });
    if (!needed) return;
    attempted.current = true;
    void signInAnonymously().then(async (created) => {
      if (created) await session.refetch();
    });
  }, [pathname, session]);

  return null;
}
