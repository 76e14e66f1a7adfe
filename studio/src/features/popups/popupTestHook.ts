/**
 * Browser tests open popups that have no UI trigger yet (report: its trigger comes with the
 * explore feed) through `window.__tesseraOpenPopup`, and read which popup the store holds
 * through `window.__tesseraPopup` (to check that nothing opened without waiting to see). They
 * exist only when the test has set `localStorage['tessera.testHooks'] = '1'` before the page
 * loaded, and they can do nothing the popup store's own callers cannot.
 */
import { type OpenPopup, type PopupName, usePopupStore } from './popupStore.ts';

export const TEST_HOOKS_KEY = 'tessera.testHooks';

declare global {
  interface Window {
    __tesseraOpenPopup?: (popup: OpenPopup) => void;
    __tesseraPopup?: () => PopupName | null;
  }
}

export function installPopupTestHook(): void {
  try {
    if (window.localStorage.getItem(TEST_HOOKS_KEY) !== '1') return;
  } catch {
    return;
  }
  window.__tesseraOpenPopup = (popup) => usePopupStore.setState({ current: popup });
  window.__tesseraPopup = () => usePopupStore.getState().current?.name ?? null;
}
