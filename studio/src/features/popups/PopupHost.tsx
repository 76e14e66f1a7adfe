/** Renders the popups; which one is open lives in the popup store. */
import { LogInDialog, SignUpDialog } from '../auth/AuthDialogs.tsx';

export function PopupHost() {
  return (
    <>
      <SignUpDialog />
      <LogInDialog />
    </>
  );
}
