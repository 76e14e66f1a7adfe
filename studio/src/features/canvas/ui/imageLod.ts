/**
 * Level of detail for images on the canvas: a node drawn small loads a thumbnail from the image
 * optimisation endpoint instead of the full file. Only our own stored images (`/api/media/<key>`)
 * have thumbnails; other URLs are drawn as they are.
 */
import { MEDIA_KEY_PATTERN } from '@tessera/shared/generation';

/**
 * Widths the optimisation endpoint serves (it answers 400 for any other `w`; see
 * server/src/media/optimize.routes.ts OPTIMIZE_WIDTHS). Larger needs load the original: the
 * endpoint never upscales, so asking for more than an image has only re-encodes it.
 */
export const LOD_WIDTHS = [640, 1080] as const;

const MEDIA_PREFIX = '/api/media/';

/**
 * The URL to draw `src` with when it is `displayWidth` CSS pixels wide on a screen of
 * `pixelRatio` device pixels per CSS pixel (capped at 2, like the renderer).
 */
export function resolveImageUrl(src: string, displayWidth: number, pixelRatio = 1): string {
  if (!src.startsWith(MEDIA_PREFIX)) return src;
  const key = src.slice(MEDIA_PREFIX.length);
  // Only plain stored images: not videos, not URLs with their own query (already optimised).
  if (!MEDIA_KEY_PATTERN.test(key) || /\.(mp4|webm|mp3|wav|gif)$/.test(key)) return src;
  const needed = Math.max(1, displayWidth) * Math.min(2, Math.max(1, pixelRatio));
  const bucket = LOD_WIDTHS.find((w) => needed <= w);
  return bucket ? `${MEDIA_PREFIX}optimize?key=${encodeURIComponent(key)}&w=${bucket}` : src;
}
