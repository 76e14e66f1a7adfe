/** Site-wide constants the studio shows. */
export const APP_NAME = 'Tessera';
/** Address of the "Contact us" link in the network-error toast (§8). */
export const SUPPORT_EMAIL = 'support@tessera.dev';
/** §9: toasts stay five seconds. */
export const TOAST_DURATION_MS = 5_000;
