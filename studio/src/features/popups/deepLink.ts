/**
 * Popups opened from the URL (`?popup=<name>`), for marketing links and browser tests. Only
 * popups that need no props take part; upgradePlan takes `infoType`, effects `mediaType`.
 * Anything unknown or invalid opens nothing.
 */
import { type OpenPopup, type PopupName, UPGRADE_INFO_TYPES, type UpgradeInfoType } from './popupStore.ts';

export const POPUP_PARAM = 'popup';
/** Every query parameter a deep link may carry; all are removed once the popup is open. */
export const DEEP_LINK_PARAMS = [POPUP_PARAM, 'infoType', 'mediaType'] as const;

const PLAIN: ReadonlySet<PopupName> = new Set<PopupName>(['signUp', 'logIn', 'subscription', 'checkIn', 'referFriend', 'discount', 'concurrency', 'announcement']);

const isInfoType = (value: string): value is UpgradeInfoType => (UPGRADE_INFO_TYPES as readonly string[]).includes(value);

/** The popup a URL query asks for, or null. */
export function popupFromSearch(search: string): OpenPopup | null {
  const params = new URLSearchParams(search);
  const name = params.get(POPUP_PARAM);
  if (!name) return null;
  if (name === 'upgradePlan') {
    const infoType = params.get('infoType');
    if (infoType === null) return { name, props: {} };
    return isInfoType(infoType) ? { name, props: { infoType } } : null;
  }
  if (name === 'effects') {
    const mediaType = params.get('mediaType');
    if (mediaType === null) return { name, props: {} };
    return mediaType === 'video' || mediaType === 'image' ? { name, props: { mediaType } } : null;
  }
  if (PLAIN.has(name as PopupName)) return { name, props: {} } as OpenPopup;
  return null;
}

/** The query without the deep-link parameters (with its `?`, or '' when nothing is left). */
export function searchWithoutDeepLink(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of DEEP_LINK_PARAMS) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
