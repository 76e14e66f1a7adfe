/**
 * Browser tests open popups that have no UI trigger yet (report: its trigger comes with the
 * explore feed) through `window.__tesseraOpenPopup`. It exists only when the test has set
 * `localStorage['tessera.testHooks'] = '1'` before the page loaded, and it can do nothing the
 * popup store's own callers cannot.
 */
import { type OpenPopup, usePopupStore } from './popupStore.ts';

export const TEST_HOOKS_KEY = 'tessera.testHooks';

declare global {
  interface Window {
    __tesseraOpenPopup?: (popup: OpenPopup) => void;
  }
}

export function installPopupTestHook(): void {
  try {
    if (window.localStorage.getItem(TEST_HOOKS_KEY) !== '1') return;
  } catch {
    return;
  }
  window.__tesseraOpenPopup = (popup) => usePopupStore.setState({ current: popup });
}
