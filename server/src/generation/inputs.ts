/**
 * Input images of a generation request, resolved before the task is accepted: a media key must
 * be the caller's own (or public) stored image — or, for a task on a project's canvas, an image
 * of any member of that project (teammates build on each other's work); an http(s) URL is fetched once with SSRF
 * protection and stored, so the task only ever reads our storage and a re-run sees the same
 * bytes. Kind limits that depend on the image (the upscale cap) are checked here too, so the
 * user hears about them before any credits are held.
 */
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import {
  GENERATION_KINDS,
  type GenerationInput,
  type GenerationKind,
  MAX_UPSCALE_SIDE,
  parseImageRef,
  readField,
} from '@tessera/shared/generation';
import { importRemoteImage } from '../media/import.ts';
import { findMediaObject, type MediaObjectInfo } from '../media/media.api.ts';
import { isCopyProtectedMedia } from '../modules/creations/creations.api.ts';
import { findRole } from '../modules/projects/projects.api.ts';
import type { MediaStorage } from '../media/storage.ts';

export interface InputDeps {
  db: Database;
  storage: MediaStorage;
  /** Fetches and stores a remote image (tests inject a resolver-bound one). */
  importImage?: typeof importRemoteImage;
}

interface ResolvedImage {
  key: string;
  width: number | null;
  height: number | null;
}

async function resolveImage(deps: InputDeps, userId: string, value: string, projectId: string | null): Promise<ResolvedImage> {
  const ref = parseImageRef(value);
  if (!ref) throw new AppError('INVALID_IMAGE_URL');
  if (ref.kind === 'url') {
    const imported = await (deps.importImage ?? importRemoteImage)(deps, userId, ref.url);
    return { key: imported.key, width: imported.width, height: imported.height };
  }
  const object = await findMediaObject(deps.db, ref.key);
  if (!object || !object.contentType.startsWith('image/')) throw new AppError('IMAGE_NOT_FOUND');
  if (!(await mayUseMedia(deps, userId, object, projectId))) throw new AppError('IMAGE_NOT_FOUND');
  return { key: object.key, width: object.width, height: object.height };
}

/**
 * Whether `userId` may use a stored media object as an input: their own, a teammate's in
 * `projectId`, or someone's published work that is not copy protected.
 */
export async function mayUseMedia(deps: Pick<InputDeps, 'db'>, userId: string, object: MediaObjectInfo, projectId: string | null): Promise<boolean> {
  if (object.userId === userId) return true;
  // A teammate's media on the shared canvas: they put it there for the project to use.
  if (projectId !== null && object.userId !== null && (await findRole(deps.db, projectId, object.userId)) !== null) return true;
  // Someone else's published work is viewable, but copy protection forbids reusing it (§6).
  return object.isPublic && !(await isCopyProtectedMedia(deps.db, object.key));
}

function setField(input: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const holder = parts.length ? readField(input, parts.join('.')) : input;
  if (holder && typeof holder === 'object') (holder as Record<string, unknown>)[last] = value;
}

/**
 * Returns the input with every image reference replaced by a storage key the caller may read.
 * `projectId` (a canvas task, the caller already checked to be an editor there) also admits
 * images owned by the project's members.
 */
export async function resolveInputImages<K extends GenerationKind>(
  deps: InputDeps,
  userId: string,
  kind: K,
  input: GenerationInput<K>,
  projectId: string | null = null,
): Promise<GenerationInput<K>> {
  const resolved = structuredClone(input) as Record<string, unknown>;
  const images = new Map<string, ResolvedImage>();
  for (const field of GENERATION_KINDS[kind].imageFields) {
    const value = readField(resolved, field);
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new AppError('IMAGE_REQUIRED');
    const image = await resolveImage(deps, userId, value, projectId);
    images.set(field, image);
    setField(resolved, field, image.key);
  }
  checkImageLimits(kind, resolved, images.get('image'));
  return resolved as GenerationInput<K>;
}

function checkImageLimits(kind: GenerationKind, input: Record<string, unknown>, image: ResolvedImage | undefined): void {
  if (kind === 'upscale' && image?.width && image.height) {
    const scale = Number(input.scale ?? 2);
    if (image.width * scale > MAX_UPSCALE_SIDE || image.height * scale > MAX_UPSCALE_SIDE) throw new AppError('IMAGE_UPSCALE_TOO_LARGE');
  }
}
