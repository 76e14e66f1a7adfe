/**
 * What a published file looks like to everyone but its owner (and admins and the members of a
 * project that shows it, who read originals). Originals stay private; the public gets:
 *
 * - a creation's main file → a derivative (media/derivatives.ts): watermarked while the owner's
 *   plan marks downloads (§6, a free owner), at most 2048 px on its long side, or 1080 px ("display
 *   size") when the creation is copy-protected;
 * - a creation's preview (its ≤ 384-px thumbnail, already a derivative) → as it is.
 *
 * The owner's plan is read at request time, so an upgrade or a lapse changes what is served next.
 * Responses are `public, no-cache` with an ETag naming the variant: browsers and CDNs keep them
 * but revalidate on every use, so unpublishing (or a moderator hiding the work) stops the serving
 * at once instead of after a year of `immutable` caching.
 */
import type { Database } from '@tessera/db/connect';
import { entitlementsOf } from '../modules/billing/entitlements.ts';
import { publishedUseOfMedia } from '../modules/creations/creations.api.ts';
import { DERIVATIVE_SPECS, type Derivative, getDerivative, mediaKindOfKey } from './derivatives.ts';
import { findMediaObject, type MediaObjectInfo } from './media.repo.ts';
import { contentTypeOfKey, type MediaStorage } from './storage.ts';

/** Cache policy of everything served because it is published. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/**
 * The file the public gets for `key`: a derivative, the preview itself, or null when no
 * published creation shows it any more (or its original is gone) — then it is not found.
 */
export async function publicFile(deps: { db: Database; storage: MediaStorage }, key: string, object: MediaObjectInfo): Promise<Derivative | null> {
  const use = await publishedUseOfMedia(deps.db, key);
  if (!use || !object.userId) return null;
  if (!use.asMain) {
    const stored = await deps.storage.get(key);
    return stored ? { ...stored, key, contentType: contentTypeOfKey(key) } : null;
  }
  if (!mediaKindOfKey(key)) return null;
  const { watermark } = await entitlementsOf(deps.db, object.userId);
  const { maxSide } = use.copyProtected ? DERIVATIVE_SPECS.display : DERIVATIVE_SPECS.view;
  return getDerivative(deps.storage, key, { maxSide, watermark }, object);
}

/** A strong validator for a public file: its stored key names the variant, its size the bytes. */
export function etagOf(file: Derivative): string {
  return `"${file.key.slice(file.key.lastIndexOf('/') + 1)}-${file.size}"`;
}

/**
 * Makes the public file of a just-published creation ahead of its first visitor (a video's takes
 * seconds); a visitor who comes sooner waits for the same rendering. Failures are only logged:
 * the first request renders it again.
 */
export function preparePublicFile(deps: { db: Database; storage: MediaStorage }, key: string, log: { warn: (obj: object, msg: string) => void }): void {
  void (async () => {
    const object = await findMediaObject(deps.db, key);
    const file = object && (await publicFile(deps, key, object));
    file?.stream.destroy();
  })().catch((err: unknown) => log.warn({ err, key }, 'could not prepare the public file of a published creation'));
}
