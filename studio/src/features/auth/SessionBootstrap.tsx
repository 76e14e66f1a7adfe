/** Keeps the visitor's session as §4 describes; renders nothing. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { authClient } from '../../lib/authClient.ts';
import { toUserInfo, writeUserInfoCookie } from '../../lib/userInfoCookie.ts';
import { needsAnonymousSignIn, signInAnonymously } from './anonymousSignIn.ts';
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
