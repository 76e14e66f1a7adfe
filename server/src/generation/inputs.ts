/**
 * Input images of a generation request, resolved before the task is accepted: a media key must
 * name a stored image the caller may use (see mayUseMedia); an http(s) URL is fetched once with
 * SSRF protection and stored, so the task only ever reads our storage and a re-run sees the same
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
import { canEdit } from '@tessera/shared/projects';
import * as Y from 'yjs';
import type { CollabService } from '../collab/collab.types.ts';
import { mediaKeysOf } from '../collab/persistence.extension.ts';
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
  /** Reads the project's document (what its canvas shows); without it nothing counts as on a canvas. */
  collab?: Pick<CollabService, 'encodeState'> | null;
}

/**
 * What naming a project adds to the media a caller may use: media shown in the project's
 * document — only for a caller who may generate there (editor or owner), never for a viewer.
 */
export interface ProjectMediaScope {
  projectId: string;
  /** Whether the project's document (canvas or timeline) shows `key` right now. */
  shows(key: string): Promise<boolean>;
}

/**
 * The scope a request naming `projectId` gets: null when the caller may not generate in the
 * project. The document is read once, and only when an input is not the caller's own or public.
 */
export async function projectMediaScope(deps: Pick<InputDeps, 'db' | 'collab'>, userId: string, projectId: string): Promise<ProjectMediaScope | null> {
  if (!canEdit(await findRole(deps.db, projectId, userId))) return null;
  let keys: Promise<ReadonlySet<string>> | null = null;
  const read = async (): Promise<ReadonlySet<string>> => {
    const state = await deps.collab?.encodeState(projectId);
    if (!state) return new Set();
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, state);
      return new Set(mediaKeysOf(doc));
    } finally {
      doc.destroy();
    }
  };
  return {
    projectId,
    shows: async (key) => (await (keys ??= read())).has(key),
  };
}

interface ResolvedImage {
  key: string;
  width: number | null;
  height: number | null;
}

async function resolveImage(deps: InputDeps, userId: string, value: string, project: ProjectMediaScope | null): Promise<ResolvedImage> {
  const ref = parseImageRef(value);
  if (!ref) throw new AppError('INVALID_IMAGE_URL');
  if (ref.kind === 'url') {
    const imported = await (deps.importImage ?? importRemoteImage)(deps, userId, ref.url);
    return { key: imported.key, width: imported.width, height: imported.height };
  }
  const object = await findMediaObject(deps.db, ref.key);
  if (!object || !object.contentType.startsWith('image/')) throw new AppError('IMAGE_NOT_FOUND');
  if (!(await mayUseMedia(deps, userId, object, project))) throw new AppError('IMAGE_NOT_FOUND');
  return { key: object.key, width: object.width, height: object.height };
}

/**
 * Whether `userId` may use a stored media object as a generation input (an image, a video, a
 * timeline clip alike): their own; else never copy-protected work (§6: others may view it, not
 * reuse it — not even a teammate through a shared canvas); else published work; else media the
 * project's document shows, owned by a member, when the caller may generate there (`project`).
 * Membership alone grants nothing: a viewer cannot feed the owner's private upload into a tool.
 */
export async function mayUseMedia(deps: Pick<InputDeps, 'db'>, userId: string, object: MediaObjectInfo, project: ProjectMediaScope | null): Promise<boolean> {
  if (object.userId === userId) return true;
  if (await isCopyProtectedMedia(deps.db, object.key)) return false;
  if (object.isPublic) return true;
  if (!project || object.userId === null || !(await project.shows(object.key))) return false;
  // A key pasted into the document grants nothing: its owner must have joined the project.
  return (await findRole(deps.db, project.projectId, object.userId)) !== null;
}

function setField(input: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const holder = parts.length ? readField(input, parts.join('.')) : input;
  if (holder && typeof holder === 'object') (holder as Record<string, unknown>)[last] = value;
}

/**
 * Returns the input with every image reference replaced by a storage key the caller may use
 * (`project`: see projectMediaScope).
 */
export async function resolveInputImages<K extends GenerationKind>(
  deps: InputDeps,
  userId: string,
  kind: K,
  input: GenerationInput<K>,
  project: ProjectMediaScope | null = null,
): Promise<GenerationInput<K>> {
  const resolved = structuredClone(input) as Record<string, unknown>;
  const images = new Map<string, ResolvedImage>();
  for (const field of GENERATION_KINDS[kind].imageFields) {
    const value = readField(resolved, field);
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new AppError('IMAGE_REQUIRED');
    const image = await resolveImage(deps, userId, value, project);
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
