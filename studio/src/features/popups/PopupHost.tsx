/**
 * Renders the popups; which one is open lives in the popup store. It also opens popups from
 * `?popup=` links and mounts the announcement gate.
 */
import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { i18n } from '../../lib/i18n.ts';
import { AnnouncementGate } from '../announcements/AnnouncementGate.tsx';
import { installPopupTestHook } from './popupTestHook.ts';
import { type PopupName, usePopupStore } from './popupStore.ts';
import { usePopupDeepLink } from './usePopupDeepLink.ts';

// Even the auth and upgrade popups load when first opened: the home page stays within its
// JavaScript budget (bench/bundle), and a visitor who never opens them never downloads them.
const SignUpDialog = lazy(() => import('../auth/AuthDialogs.tsx').then((m) => ({ default: m.SignUpDialog })));
const LogInDialog = lazy(() => import('../auth/AuthDialogs.tsx').then((m) => ({ default: m.LogInDialog })));
const ForgotPasswordDialog = lazy(() => import('../auth/AuthDialogs.tsx').then((m) => ({ default: m.ForgotPasswordDialog })));
const UpgradePlanDialog = lazy(() => import('./UpgradePlanDialog.tsx').then((m) => ({ default: m.UpgradePlanDialog })));
// It lists tasks with their own translations: loaded when first needed.
const ConcurrencyDialog = lazy(() => import('../tasks/ConcurrencyDialog.tsx'));
// The rewards popups load their code and the `rewards` namespace when first opened.
const CheckInDialog = lazy(() => import('../rewards/CheckInDialog.tsx'));
const ReferFriendDialog = lazy(() => import('../rewards/ReferFriendDialog.tsx'));
// The billing popups load the plan cards and the `pricing` namespace when first opened.
const SubscriptionDialog = lazy(() => import('../billing/SubscriptionDialog.tsx'));
const DiscountDialog = lazy(() => import('../billing/DiscountDialog.tsx'));

/** A popup whose code and `popups` texts load together, in parallel, when it first opens. */
function withPopupTexts(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => (await Promise.all([load(), i18n.loadNamespaces('popups')]))[0]);
}
const AnnouncementDialog = withPopupTexts(() => import('../announcements/AnnouncementDialog.tsx'));
const PublishDialog = withPopupTexts(() => import('../publish/PublishDialog.tsx'));
const ReportDialog = withPopupTexts(() => import('../report/ReportDialog.tsx'));
const EffectsDialog = withPopupTexts(() => import('../effects/EffectsDialog.tsx'));
const ProjectChooseDialog = withPopupTexts(() => import('../projects/ProjectChooseDialog.tsx'));

/** Lazily loaded popups, rendered only while open. */
const LAZY_POPUPS: Partial<Record<PopupName, LazyExoticComponent<ComponentType>>> = {
  signUp: SignUpDialog,
  logIn: LogInDialog,
  forgotPassword: ForgotPasswordDialog,
  upgradePlan: UpgradePlanDialog,
  concurrency: ConcurrencyDialog,
  checkIn: CheckInDialog,
  referFriend: ReferFriendDialog,
  subscription: SubscriptionDialog,
  discount: DiscountDialog,
  announcement: AnnouncementDialog,
  publish: PublishDialog,
  report: ReportDialog,
  effects: EffectsDialog,
  projectChoose: ProjectChooseDialog,
};

export function PopupHost() {
  const name = usePopupStore((s) => s.current?.name);
  const Lazy = name ? LAZY_POPUPS[name] : undefined;
  usePopupDeepLink();
  useEffect(installPopupTestHook, []);
  return (
    <>
      {Lazy && (
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      )}
      <AnnouncementGate />
    </>
  );
}
