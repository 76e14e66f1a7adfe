/**
 * GET /api/media/optimize?key=<storage key>&w=<width>&q=<quality> (spec §9): a stored image
 * resized to one of a fixed set of widths (never upscaled) and re-encoded as AVIF or WebP when
 * the browser accepts them, else in its own format. The fixed widths and quality range bound
 * how many variants one image can have; each variant is encoded once and kept on disk under
 * `cacheDir`. Same access rule as GET /api/media/*; the public resizes a published file's public
 * derivative (media/published.ts), so its variants carry the watermark and size cap too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { Auth } from '../modules/auth/auth.ts';
import { authorizeMediaRead } from './access.ts';
import { MAX_IMAGE_PIXELS } from './ingest.ts';
import { PUBLIC_CACHE_CONTROL, publicFile } from './published.ts';
import { type MediaStorage, readAll } from './storage.ts';

export const OPTIMIZE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const DEFAULT_OPTIMIZE_QUALITY = 75;

export type OptimizeFormat = 'avif' | 'webp' | 'png' | 'jpeg' | 'gif';

const FORMAT_OF_EXT: Record<string, OptimizeFormat> = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif', avif: 'avif' };
const EXT_OF_FORMAT: Record<OptimizeFormat, string> = { avif: 'avif', webp: 'webp', png: 'png', jpeg: 'jpg', gif: 'gif' };

const zNumber = (max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,3}$/)
    .transform(Number)
    .refine((n) => n <= max);

export const zOptimizeQuery = z.object({
  key: z.string().min(1).max(300),
  w: zNumber(9_999).refine((w) => (OPTIMIZE_WIDTHS as readonly number[]).includes(w)),
  q: zNumber(100).default(DEFAULT_OPTIMIZE_QUALITY),
});

/** Whether an Accept header lists `type` with a non-zero quality. Wildcards do not count. */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const [mediaType, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (mediaType !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** AVIF if accepted, else WebP if accepted, else the original format. */
export function negotiateFormat(accept: string | undefined, original: OptimizeFormat): OptimizeFormat {
  if (accept && accepts(accept, 'image/avif')) return 'avif';
  if (accept && accepts(accept, 'image/webp')) return 'webp';
  return original;
}

async function encode(input: Buffer, width: number, quality: number, format: OptimizeFormat): Promise<Buffer> {
  const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png().toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
  }
}

async function readCached(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function optimizeRoutes(app: FastifyInstance, opts: { auth: Auth; storage: MediaStorage; db: Database; cacheDir: string }): Promise<void> {
  app.get('/api/media/optimize', async (request, reply) => {
    const query = zOptimizeQuery.safeParse(request.query);
    if (!query.success) throw new AppError('INCORRECT_PARAMETER');
    const { key, w, q } = query.data;
    const access = await authorizeMediaRead(opts, key, request.headers);
    if (!FORMAT_OF_EXT[key.slice(key.lastIndexOf('.') + 1)]) throw new AppError('INCORRECT_PARAMETER');
    // The public resizes what it may see of a published file (media/published.ts), never the original.
    const object = access.via === 'public' ? await publicFile(opts, key, access.object) : await opts.storage.get(key).then((o) => o && { ...o, key });
    if (!object) throw new AppError('NOT_FOUND');
    const original = FORMAT_OF_EXT[object.key.slice(object.key.lastIndexOf('.') + 1)] ?? 'png';

    const format = negotiateFormat(request.headers.accept, original);
    // Keys are never reused for different bytes, so a variant is valid for as long as its key.
    const name = createHash('sha256').update(`${object.key}|${w}|${q}|${format}`).digest('hex');
    const path = join(opts.cacheDir, `${name}.${EXT_OF_FORMAT[format]}`);
    let data = await readCached(path);
    reply.header('x-cache', data ? 'hit' : 'miss');
    if (data) {
      object.stream.destroy();
    } else {
      const source = await readAll(object.stream);
      try {
        data = await encode(source, w, q, format);
      } catch (cause) {
        request.log.error({ err: cause, key }, 'image optimization failed');
        throw new AppError('INTERNAL', { cause });
      }
      await mkdir(opts.cacheDir, { recursive: true });
      // Write then rename: a concurrent request never reads half a variant.
      const tmp = `${path}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    }
    return reply
      .header('content-type', `image/${format}`)
      .header('content-length', String(data.length))
      .header('vary', 'Accept')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', access.via === 'public' ? PUBLIC_CACHE_CONTROL : 'private, max-age=31536000, immutable')
      .send(data);
  });
}
