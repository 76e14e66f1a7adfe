/**
 * Derivatives of stored media: what leaves the server when the original must not. Published
 * creations are served to everyone but their owner as a derivative (media/published.ts), and
 * downloads of free users carry the watermark (modules/creations/download.routes.ts).
 *
 * A derivative is made once and kept in the media store beside its original, under a key named
 * after the original and the variant (`u/<owner>/<name>~<variant>.<ext>` spelled with the key
 * alphabet), so every node finds it, the original's owner prefix covers it on account deletion,
 * and `derivativeKeys` lists every variant for deleting them with the original.
 *
 * - images → WebP (keeps transparency), long side capped, the watermark composited when asked;
 * - videos → H.264/AAC MP4 through ffmpeg, long side capped, the same watermark overlaid;
 * - audio → MP3 at 128 kb/s (no watermark: there is nothing to draw on).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../generation/engine/video/ffmpeg.ts';
import { x264Args } from '../generation/engine/mediaProfile.ts';
import { MAX_IMAGE_PIXELS } from './ingest.ts';
import { isValidKey, type MediaStorage, readAll, type StoredObject } from './storage.ts';
import { watermarkOverlay } from './watermark.ts';

export type MediaKind = 'image' | 'video' | 'audio';

/** What a derivative is: the long side it may have at most (0: the original's) and whether it is marked. */
export interface DerivativeSpec {
  maxSide: number;
  watermark: boolean;
}

/**
 * Bumped when the rendering changes, so stored derivatives of the old look are not served again
 * (they stay in the store until their original is deleted).
 */
const VERSION = 'v1';

/** The variants the server makes: public views (media/published.ts) and watermarked downloads. */
export const DERIVATIVE_SPECS = {
  /** Published, not copy-protected: large enough for a full-screen view. */
  view: { maxSide: 2048 },
  /** Published with copy protection: display size only (§6). */
  display: { maxSide: 1080 },
  /** A free user's download: full size, marked. */
  download: { maxSide: 0 },
} as const;

const EXT: Record<MediaKind, string> = { image: 'webp', video: 'mp4', audio: 'mp3' };
const CONTENT_TYPE: Record<MediaKind, string> = { image: 'image/webp', video: 'video/mp4', audio: 'audio/mpeg' };

export function mediaKindOfKey(key: string): MediaKind | null {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  if (['png', 'jpg', 'webp', 'gif', 'avif'].includes(ext)) return 'image';
  if (['mp4', 'webm'].includes(ext)) return 'video';
  if (['mp3', 'wav'].includes(ext)) return 'audio';
  return null;
}

const variantName = (spec: DerivativeSpec) => `${VERSION}-${spec.watermark ? 'wm' : 'cl'}${spec.maxSide || 'full'}`;

/** Where the derivative of `key` described by `spec` is kept. */
export function derivativeKey(key: string, spec: DerivativeSpec): string {
  const kind = mediaKindOfKey(key);
  if (!kind || !isValidKey(key)) throw new Error(`no derivative for key: ${key}`);
  const slash = key.lastIndexOf('/');
  const name = key.slice(slash + 1, key.lastIndexOf('.'));
  // `_d_` cannot be confused with the names the server gives originals (up-, im-, gen-, uuids).
  const derived = `${key.slice(0, slash + 1)}${name.slice(0, 100)}_d_${variantName(spec)}.${EXT[kind]}`;
  if (!isValidKey(derived)) throw new Error(`derivative key out of pattern: ${derived}`);
  return derived;
}

/** Every derivative the server may have made of `key`: deleted with it. */
export function derivativeKeys(key: string): string[] {
  if (!mediaKindOfKey(key) || !isValidKey(key)) return [];
  return Object.values(DERIVATIVE_SPECS).flatMap(({ maxSide }) => [true, false].map((watermark) => derivativeKey(key, { maxSide, watermark })));
}

async function renderImage(source: Buffer, spec: DerivativeSpec): Promise<Buffer> {
  let image = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();
  if (spec.maxSide) image = image.resize({ width: spec.maxSide, height: spec.maxSide, fit: 'inside', withoutEnlargement: true });
  if (!spec.watermark) return image.webp({ quality: 86 }).toBuffer();
  // Composite on the resized pixels, so the mark is sized for what is shown.
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const { svg, left, top } = watermarkOverlay(info.width, info.height);
  return sharp(data).composite([{ input: svg, left, top }]).webp({ quality: 86 }).toBuffer();
}

/** Even size inside `maxSide` (x264 needs even sides), never larger than the source. */
function fitted(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = maxSide ? Math.min(1, maxSide / Math.max(width, height)) : 1;
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

async function renderVideo(dir: string, source: string, spec: DerivativeSpec, size: { width: number; height: number; durationS: number }): Promise<string> {
  const out = join(dir, 'out.mp4');
  const { width, height } = fitted(size.width, size.height, spec.maxSide);
  const inputs = ['-i', source];
  let filter = `[0:v]scale=${width}:${height},format=yuv420p[v]`;
  if (spec.watermark) {
    const { svg, left, top } = watermarkOverlay(width, height);
    const mark = join(dir, 'mark.png');
    await writeFile(mark, await sharp(svg).png().toBuffer());
    inputs.push('-i', mark);
    filter = `[0:v]scale=${width}:${height}[s];[s][1:v]overlay=${left}:${top},format=yuv420p[v]`;
  }
  const args = ['-y', '-v', 'error', '-progress', 'pipe:1', ...inputs, '-filter_complex', filter, '-map', '[v]', '-map', '0:a?'];
  args.push('-c:v', 'libx264', ...x264Args('std'), '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', out);
  await runFfmpeg(args, Math.max(1, size.durationS) * 1e6, {});
  return out;
}

async function renderAudio(dir: string, source: string, durationS: number): Promise<string> {
  const out = join(dir, 'out.mp3');
  await runFfmpeg(['-y', '-v', 'error', '-progress', 'pipe:1', '-i', source, '-vn', '-c:a', 'libmp3lame', '-b:a', '128k', out], Math.max(1, durationS) * 1e6, {});
  return out;
}

/** Renders and stores one derivative; false when the original is gone. */
async function render(storage: MediaStorage, key: string, target: string, spec: DerivativeSpec, info: { width: number | null; height: number | null; durationS: number | null }): Promise<boolean> {
  const kind = mediaKindOfKey(key) as MediaKind;
  const original = await storage.get(key);
  if (!original) return false;
  if (kind === 'image') {
    await storage.put(target, await renderImage(await readAll(original.stream), spec), CONTENT_TYPE.image);
    return true;
  }
  const dir = await mkdtemp(join(tmpdir(), 'tessera-derivative-'));
  try {
    const source = join(dir, `in-${randomUUID()}`);
    await writeFile(source, await readAll(original.stream));
    const durationS = info.durationS ?? 0;
    const out =
      kind === 'video'
        ? await renderVideo(dir, source, spec, { width: info.width ?? 640, height: info.height ?? 360, durationS })
        : await renderAudio(dir, source, durationS);
    await storage.putFile(target, out, CONTENT_TYPE[kind]);
    return (await stat(out)).size > 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One rendering per derivative at a time in this process; other nodes may render the same bytes, harmlessly. */
const inFlight = new Map<string, Promise<boolean>>();

export interface Derivative extends StoredObject {
  key: string;
  contentType: string;
}

/**
 * The derivative of `key` per `spec`, made and stored on first use. Null when the original is
 * gone. `info` is the original's media row (sizes and duration: videos need them).
 */
export async function getDerivative(
  storage: MediaStorage,
  key: string,
  spec: DerivativeSpec,
  info: { width: number | null; height: number | null; durationS: number | null },
): Promise<Derivative | null> {
  const kind = mediaKindOfKey(key);
  if (!kind) return null;
  const target = derivativeKey(key, spec);
  const stored = await storage.get(target);
  if (stored) return { ...stored, key: target, contentType: CONTENT_TYPE[kind] };
  let job = inFlight.get(target);
  if (!job) {
    job = render(storage, key, target, spec, info).finally(() => inFlight.delete(target));
    inFlight.set(target, job);
  }
  if (!(await job)) return null;
  const made = await storage.get(target);
  return made ? { ...made, key: target, contentType: CONTENT_TYPE[kind] } : null;
}
