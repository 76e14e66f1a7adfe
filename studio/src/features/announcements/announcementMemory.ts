/**
 * Which announcements this browser has closed, so each one shows once. Ids live in local storage
 * (newest last, a few dozen at most); unreadable or blocked storage means "none dismissed".
 */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'tessera.dismissedAnnouncements';
/** Operators rarely run more than a handful; older ids are forgotten first. */
const MAX_REMEMBERED = 50;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (e.g. some private modes)
  }
}

export function dismissedAnnouncementIds(storage: Store | null = browserStorage()): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function isAnnouncementDismissed(id: string, storage: Store | null = browserStorage()): boolean {
  return dismissedAnnouncementIds(storage).includes(id);
}

export function rememberAnnouncementDismissed(id: string, storage: Store | null = browserStorage()): void {
  const ids = [...dismissedAnnouncementIds(storage).filter((other) => other !== id), id].slice(-MAX_REMEMBERED);
  try {
    storage?.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(ids));
  } catch {
    // Full or blocked storage: the announcement may show again next visit, nothing worse.
  }
}
