/**
 * The selected project (§2): the project the studio works in, kept in local storage so it
 * survives reloads, and removed on sign-out. The key comes from the zod-free auth rules (the
 * same value as `@tessera/shared/projects`): sign-out runs from the header, and the studio's
 * entry stays free of zod.
 */
import { SELECTED_PROJECT_STORAGE_KEY } from '@tessera/shared/auth/rules';

type ProjectStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// A project id is a UUID; anything else in storage (edited by hand, an old format) is ignored.
const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function localStore(): ProjectStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): nothing is remembered.
    return null;
  }
}

/** The selected project's id, or null when none (or storage holds something that is not one). */
export function readSelectedProject(storage: ProjectStorage | null = localStore()): string | null {
  try {
    const id = storage?.getItem(SELECTED_PROJECT_STORAGE_KEY) ?? null;
    return id && PROJECT_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Remembers `id` as the selected project; ids that cannot be projects are not stored. */
export function writeSelectedProject(id: string, storage: ProjectStorage | null = localStore()): void {
  if (!PROJECT_ID.test(id)) return;
  try {
    storage?.setItem(SELECTED_PROJECT_STORAGE_KEY, id);
  } catch {
    // Quota or privacy mode: the selection just is not remembered.
  }
}

/**
 * Forgets the selected project — on sign-out, or, with `onlyId`, only when that project was
 * the selected one (it was deleted or the user lost access to it).
 */
export function forgetSelectedProject(onlyId?: string, storage: ProjectStorage | null = localStore()): void {
  try {
    if (onlyId !== undefined && storage?.getItem(SELECTED_PROJECT_STORAGE_KEY) !== onlyId) return;
    storage?.removeItem(SELECTED_PROJECT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing stored either.
  }
}
