/**
 * Who the tracker speaks for: the analytics view of the session, filled by SessionBootstrap
 * (features/auth/useAnalyticsSession.ts) and read by every event the tracker builds. Client
 * state derived from the session and two queries, so a small zustand store (CONVENTIONS).
 */
import type { AUTH_METHODS, SuperProperties } from '@tessera/shared/analytics';
import { isPaidUser, type SubLog } from '@tessera/shared/plans';
import { create } from 'zustand';
import type { UserStatus } from './userProperties.ts';

export type AuthMethod = (typeof AUTH_METHODS)[number];
export type LoginType = SuperProperties['login_type'];
export type SubscribeType = SuperProperties['subscribe_type'];

export interface AnalyticsContext {
  /** False until the session has been read once; events sent before carry the defaults. */
  known: boolean;
  /** The signed-in user's id (null for anonymous visitors). */
  userId: string | null;
  /** The anonymous user's id while browsing anonymously. */
  anonymousId: string | null;
  /** SHA-256 of the lowercase e-mail (§7 tag-manager layer); never the address itself. */
  emailSha256: string | null;
  userStatus: UserStatus;
  userGroup: number | null;
  loginType: LoginType;
  subscribeType: SubscribeType;
  creditsAmount: number | null;
}

export const ANONYMOUS_CONTEXT: AnalyticsContext = {
  known: false,
  userId: null,
  anonymousId: null,
  emailSha256: null,
  userStatus: 'anon',
  userGroup: null,
  loginType: 'none',
  subscribeType: 'none',
  creditsAmount: null,
};

export const useAnalyticsContext = create<AnalyticsContext>(() => ANONYMOUS_CONTEXT);

/**
 * §3 subscribe_type of a subscription log: the billing period of the running paid plan
 * (product `duration` in months: 1 → monthly, 12 → annually), `none` without one. The credits
 * product decides when a plan holds several products.
 */
export function subscribeTypeOf(log: Pick<SubLog, 'currentPlan' | 'otherPlan'> | null | undefined, now = new Date()): SubscribeType {
  const plans = log ? [...(log.currentPlan ? [log.currentPlan] : []), ...log.otherPlan] : [];
  const running = plans.find((p) => isPaidUser([p], now));
  if (!running) return 'none';
  const product = running.subProductRelation.find((p) => p.usageList.some((u) => u.usageType === 'credits')) ?? running.subProductRelation[0];
  if (!product) return 'none';
  return product.duration >= 12 ? 'annually' : 'monthly';
}

const LOGIN_METHOD_KEY = 'tessera.analytics.loginMethod';

/**
 * The method the visitor last signed in with in this browser (§3 login_type), remembered when
 * the sign-in succeeds; `userId` is filled in once the session shows who signed in.
 */
export function readLoginMethod(): { method: AuthMethod; userId: string | null } | null {
  try {
    const raw = localStorage.getItem(LOGIN_METHOD_KEY);
    const parsed = raw ? (JSON.parse(raw) as { method?: unknown; userId?: unknown }) : null;
    if (parsed && (parsed.method === 'Google' || parsed.method === 'email' || parsed.method === 'Facebook')) {
      return { method: parsed.method, userId: typeof parsed.userId === 'string' ? parsed.userId : null };
    }
  } catch {
    // Storage disabled or a foreign value: unknown.
  }
  return null;
}

export function rememberLoginMethod(method: AuthMethod, userId: string | null = null): void {
  try {
    localStorage.setItem(LOGIN_METHOD_KEY, JSON.stringify({ method, userId }));
  } catch {
    // Not persisted: the next page asks the server which accounts the user has.
  }
}
