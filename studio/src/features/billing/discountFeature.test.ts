// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePopupStore } from '../popups/popupStore.ts';
import { isDiscountShown, watchDiscountDismissal } from './discountFeature.ts';

const now = new Date('2027-01-01T00:00:00Z');
const paid = { currentPlan: { currentPeriodEnd: '2027-02-01T00:00:00Z' } as never, otherPlan: [] };

let stop: () => void = () => undefined;
beforeEach(() => {
  sessionStorage.clear();
  stop = watchDiscountDismissal();
});
afterEach(() => {
  stop();
  usePopupStore.getState().close();
});

describe('discount feature shown', () => {
  it('is shown to signed-in users without a running paid plan until they dismiss the popup', () => {
    expect(isDiscountShown({ signedIn: false, subLog: null, now })).toBe(false);
    expect(isDiscountShown({ signedIn: true, subLog: paid, now })).toBe(false);
    expect(isDiscountShown({ signedIn: true, subLog: null, now })).toBe(true);

    usePopupStore.getState().open('discount');
    expect(isDiscountShown({ signedIn: true, subLog: null, now })).toBe(true);
    usePopupStore.getState().close();
    expect(isDiscountShown({ signedIn: true, subLog: null, now })).toBe(false);
  });
});
