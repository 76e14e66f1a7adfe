/**
 * Whether the discount feature is shown (§4 "after a social sign-up the discount modal opens if
 * the discount feature is shown"), decided in one place: the visitor is signed in, is not a paid
 * user (§4: no plan whose period runs), and has not dismissed the discount popup in this browser
 * tab session. The popup itself also stays shut when the catalogue offers no yearly saving.
 */
import { isPaidUser, type SubLog } from '@tessera/shared/plans';
import { usePopupStore } from '../popups/popupStore.ts';

const DISMISSED_KEY = 'tessera.discountDismissed';

export function isDiscountDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function markDiscountDismissed(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Not remembered: the popup may be offered again after the next social sign-up.
  }
}

export function isDiscountShown(v: { signedIn: boolean; subLog: Pick<SubLog, 'currentPlan' | 'otherPlan'> | null | undefined; now?: Date }): boolean {
  if (!v.signedIn || isDiscountDismissed()) return false;
  const plans = v.subLog ? [...(v.subLog.currentPlan ? [v.subLog.currentPlan] : []), ...v.subLog.otherPlan] : [];
  return !isPaidUser(plans, v.now);
}

/** Remembers a dismissal whenever the discount popup closes, however it closes; returns the remover. */
export function watchDiscountDismissal(): () => void {
  return usePopupStore.subscribe((state, prev) => {
    if (prev.current?.name === 'discount' && state.current?.name !== 'discount') markDiscountDismissed();
  });
}
