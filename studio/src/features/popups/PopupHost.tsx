/** Renders the popups; which one is open lives in the popup store. */
import { lazy, Suspense } from 'react';
import { ForgotPasswordDialog, LogInDialog, SignUpDialog } from '../auth/AuthDialogs.tsx';
import { UpgradePlanDialog } from './UpgradePlanDialog.tsx';
import { usePopupStore } from './popupStore.ts';

// It lists tasks with their own translations: loaded when first needed.
const ConcurrencyDialog = lazy(() => import('../tasks/ConcurrencyDialog.tsx'));
// The rewards popups load their code and the `rewards` namespace when first opened.
const CheckInDialog = lazy(() => import('../rewards/CheckInDialog.tsx'));
const ReferFriendDialog = lazy(() => import('../rewards/ReferFriendDialog.tsx'));
// The billing popups load the plan cards and the `pricing` namespace when first opened.
const SubscriptionDialog = lazy(() => import('../billing/SubscriptionDialog.tsx'));
const DiscountDialog = lazy(() => import('../billing/DiscountDialog.tsx'));

export function PopupHost() {
  const concurrency = usePopupStore((s) => s.current?.name === 'concurrency');
  const checkIn = usePopupStore((s) => s.current?.name === 'checkIn');
  const referFriend = usePopupStore((s) => s.current?.name === 'referFriend');
  const subscription = usePopupStore((s) => s.current?.name === 'subscription');
  const discount = usePopupStore((s) => s.current?.name === 'discount');
  return (
    <>
      <SignUpDialog />
      <LogInDialog />
      <ForgotPasswordDialog />
      <UpgradePlanDialog />
      {concurrency && (
        <Suspense fallback={null}>
          <ConcurrencyDialog />
        </Suspense>
      )}
      {checkIn && (
        <Suspense fallback={null}>
          <CheckInDialog />
        </Suspense>
      )}
      {referFriend && (
        <Suspense fallback={null}>
          <ReferFriendDialog />
        </Suspense>
      )}
      {subscription && (
        <Suspense fallback={null}>
          <SubscriptionDialog />
        </Suspense>
      )}
      {discount && (
        <Suspense fallback={null}>
          <DiscountDialog />
        </Suspense>
      )}
    </>
  );
}
