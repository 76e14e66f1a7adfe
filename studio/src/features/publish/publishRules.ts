/**
 * When a creation may be published (§4 "a processing video blocks actions; a video with wrong
 * publish status or protected cannot be published"), and the publish form's tag rules.
 */
import { normalizeTag, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX } from '@tessera/shared/feed';
import type { PopupPropsMap } from '../popups/popupStore.ts';

export type PublishBlocker = 'processing' | 'status' | 'protected';

/** Statuses of work still being made: nothing can be done with it yet. */
const PROCESSING_STATUSES: ReadonlySet<string> = new Set(['processing', 'queued', 'running']);
/** The only publish statuses from which publishing is allowed (no status = a finished creation). */
const PUBLISHABLE_STATUSES: ReadonlySet<string> = new Set(['ready', 'succeeded', 'unpublished']);

/** Why this creation cannot be published, or null when it can. Processing wins: it blocks every action. */
export function publishBlocker({ status, isProtected }: Pick<PopupPropsMap['publish'], 'status' | 'isProtected'>): PublishBlocker | null {
  if (status !== undefined && PROCESSING_STATUSES.has(status)) return 'processing';
  if (isProtected) return 'protected';
  if (status !== undefined && !PUBLISHABLE_STATUSES.has(status)) return 'status';
  return null;
}

// The limits and the tag rule are the server's (shared/feed): what the form accepts is what publishing stores.
export { normalizeTag, TAG_MAX_LENGTH, TAGS_MAX, TITLE_MAX };

/** The tags after adding what was typed (maybe several, comma-separated): no blanks, no repeats, at most TAGS_MAX. */
export function addTags(tags: readonly string[], typed: string): string[] {
  const next = [...tags];
  for (const part of typed.split(',')) {
    const tag = normalizeTag(part);
    if (tag && !next.includes(tag) && next.length < TAGS_MAX) next.push(tag);
  }
  return next;
}
