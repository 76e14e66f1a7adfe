/** Renders the popups; which one is open lives in the popup store. */
import { lazy, Suspense } from 'react';
import { ForgotPasswordDialog, LogInDialog, SignUpDialog } from '../auth/AuthDialogs.tsx';
import { UpgradePlanDialog } from './UpgradePlanDialog.tsx';
import { usePopupStore } from './popupStore.ts';

// It lists tasks with their own translations: loaded when first needed.
const ConcurrencyDialog = lazy(() => import('../tasks/ConcurrencyDialog.tsx'));

export function PopupHost() {
  const concurrency = usePopupStore((s) => s.current?.name === 'concurrency');
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
    </>
  );
}
