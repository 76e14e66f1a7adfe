/**
 * Keeps the tracker's view of the session (lib/analytics/analyticsContext.ts) in step with the
 * real one, and does what a change of session means for analytics: `identify` when a visitor
 * signs in (binding their anonymous id), the sign-up/log-in event of a social sign-in that just
 * came back from its provider, and after a social sign-up the discount popup (§4 Tracking).
 * Called by SessionBootstrap with what it already reads.
 */
import type { SubLog } from '@tessera/shared/plans';
import { useEffect, useEffectEvent } from 'react';
import { type AuthMethod, type LoginType, readLoginMethod, rememberLoginMethod, subscribeTypeOf, useAnalyticsContext } from '../../lib/analytics/analyticsContext.ts';
import { finishSocialAuth } from '../../lib/analytics/authTracking.ts';
import { observeSession, type SessionKind } from '../../lib/analytics/identify.ts';
import { sha256Hex, type UserStatus } from '../../lib/analytics/userProperties.ts';
import { authClient, type AuthSession } from '../../lib/authClient.ts';
import { isDiscountShown, watchDiscountDismissal } from '../billing/discountFeature.ts';
import { usePopupStore } from '../popups/popupStore.ts';

export interface AnalyticsSessionInput {
  pending: boolean;
  session: AuthSession | null | undefined;
  subLog: SubLog | null | undefined;
  remainingCredits: number | null | undefined;
  status: UserStatus | null;
}

const PROVIDER_METHODS: Record<string, AuthMethod> = { credential: 'email', google: 'Google', facebook: 'Facebook' };

/** §3 login_type of a signed-in user: the method remembered at sign-in, else what their accounts say. */
async function loginTypeOf(userId: string): Promise<LoginType> {
  const remembered = readLoginMethod();
  if (remembered && (remembered.userId === userId || remembered.userId === null)) {
    if (remembered.userId === null) rememberLoginMethod(remembered.method, userId);
    return remembered.method;
  }
  try {
    const { data } = await authClient.listAccounts();
    const methods = (data ?? []).map((a) => PROVIDER_METHODS[a.providerId]).filter((m): m is AuthMethod => Boolean(m));
    const method = methods.includes('email') ? 'email' : methods[0];
    if (!method) return 'email';
    rememberLoginMethod(method, userId);
    return method;
  } catch {
    return 'email';
  }
}

export function useAnalyticsSession({ pending, session, subLog, remainingCredits, status }: AnalyticsSessionInput): void {
  useEffect(() => watchDiscountDismissal(), []);

  const user = session?.user;
  const kind: SessionKind | null = pending ? null : !user ? 'none' : user.isAnonymous || !user.email ? 'anonymous' : 'signedIn';
  const userId = user?.id ?? null;
  const email = kind === 'signedIn' ? (user?.email ?? null) : null;
  const subscribeType = subscribeTypeOf(subLog);

  // What every event carries; refreshed when any of it changes.
  useEffect(() => {
    if (!kind) return;
    useAnalyticsContext.setState({
      known: true,
      userId: kind === 'signedIn' ? userId : null,
      anonymousId: kind === 'anonymous' ? userId : null,
      userStatus: status ?? 'anon',
      userGroup: user?.userGroup ?? null,
      subscribeType,
      creditsAmount: remainingCredits ?? null,
      ...(kind === 'signedIn' ? {} : { loginType: kind === 'anonymous' ? 'anonymous' : 'none', emailSha256: null }),
    });
  }, [kind, userId, status, user?.userGroup, subscribeType, remainingCredits]);

  // Who signed in, how, and what that sets off — once per session change.
  useEffect(() => {
    if (!kind) return;
    let live = true;
    if (kind === 'signedIn' && userId && email) {
      void Promise.all([sha256Hex(email.trim().toLowerCase()), loginTypeOf(userId)]).then(
        ([emailSha256, loginType]) => {
          if (live) useAnalyticsContext.setState({ emailSha256, loginType });
        },
        () => undefined,
      );
    }
    observeSession(kind, userId);
    return () => {
      live = false;
    };
  }, [kind, userId, email]);

  // A social sign-in back from its provider (noted by the Google button before it left).
  const userCreatedAt = user?.createdAt;
  const sessionCreatedAt = session?.session.createdAt;
  // Reads the subscription log as it is at that moment: the effect below runs when the signed-in
  // session appears, not again when the log arrives later.
  const discountShown = useEffectEvent(() => isDiscountShown({ signedIn: true, subLog }));
  useEffect(() => {
    if (kind !== 'signedIn' || !userCreatedAt || !sessionCreatedAt) return;
    const result = finishSocialAuth({ userCreatedAt, sessionCreatedAt });
    // A brand-new account has no paid plan, so the subscription log need not be waited for.
    if (result === 'sign_up' && discountShown()) usePopupStore.getState().open('discount');
  }, [kind, userCreatedAt, sessionCreatedAt]);
}
