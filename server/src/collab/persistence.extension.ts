/**
 * Hocuspocus persistence in Postgres: a project's document is one `project_documents` row
 * holding `Y.encodeStateAsUpdate`. Loads apply the stored state; stores (debounced by
 * Hocuspocus) write the full state back, keep the project card fresh and take periodic
 * snapshots for restores.
 *
 * The rule that matters most: a document whose load failed is never stored. Hocuspocus 3
 * already holds to it (a document only gets its update handler, and so its stores, after every
 * onLoadDocument hook succeeded, and a failed load is never added to `documents`); the
 * `loaded` set below guards it again so a future Hocuspocus change cannot write an empty
 * document over a real one.
 */
import type { Database } from '@tessera/db/connect';
import { CANVAS_NODES } from '@tessera/shared/canvas';
import { MEDIA_KEY_PATTERN } from '@tessera/shared/generation';
import { flowMediaKeys } from '@tessera/shared/flows/document';
import { TIMELINE_MAP } from '@tessera/shared/timeline/doc';
import type { afterUnloadDocumentPayload, Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import { CollabRefusal } from './collab.refusal.ts';
import { recordProjectMedia } from '../modules/projects/projects.api.ts';
import { loadDocumentState, storeDocument } from './collab.repo.ts';

/** Reads a project's stored document; throws when storage cannot answer (the load then fails). */
export type DocumentLoader = (projectId: string) => Promise<Uint8Array | null>;

/** At most one periodic snapshot per project per this much editing time. */
export const SNAPSHOT_INTERVAL_MS = 10 * 60 * 1000;

export interface PersistenceOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Where stored documents come from; the project_documents row by default (tests inject failures). */
  load?: DocumentLoader;
  now?: () => Date;
}

export class PostgresPersistenceExtension implements Extension {
  readonly extensionName = 'tessera-postgres-persistence';
  readonly load: DocumentLoader;
  private readonly db: Database;
  private readonly log: PersistenceOptions['log'];
  private readonly now: () => Date;
  /** Documents whose load succeeded: the only ones ever stored. */
  private readonly loaded = new WeakSet<Y.Doc>();
  /** When this node last wrote each document: a newer row means another node wrote it too. */
  private readonly lastWrite = new Map<string, Date>();
  /** The error of each document's last store, until a store succeeds. */
  private readonly storeErrors = new Map<string, unknown>();
  /** Media keys already listed in project_media per open document (only new ones are written). */
  private readonly listedMedia = new Map<string, Set<string>>();
  private stopping = false;

  constructor(options: PersistenceOptions) {
    this.db = options.db;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.load = options.load ?? ((projectId) => loadDocumentState(options.db, projectId));
  }

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    let state: Uint8Array | null;
    try {
      state = await this.load(documentName);
    } catch (error) {
      // Throwing fails the load: Hocuspocus closes the connections and forgets the empty
      // document instead of serving (and later storing) it.
      this.log.error({ err: error, projectId: documentName }, 'collab: loading a document failed');
      throw new CollabRefusal('unavailable');
    }
    if (state) Y.applyUpdate(document, state);
    this.lastWrite.delete(documentName);
    this.loaded.add(document);
  }

  async onStoreDocument(payload: onStoreDocumentPayload): Promise<void> {
    const { documentName, document } = payload;
    if (!this.loaded.has(document)) {
      this.log.warn({ projectId: documentName }, 'collab: refusing to store a document that did not load');
      return;
    }
    try {
      await this.store(documentName, document);
      this.storeErrors.delete(documentName);
    } catch (error) {
      this.storeErrors.set(documentName, error);
      this.log.error({ err: error, projectId: documentName }, 'collab: storing a document failed');
      // Try again after the debounce. A pending store also keeps Hocuspocus from unloading the
      // document, so the edits stay in memory until they are stored (or the server stops).
      // Errors must not escape: Hocuspocus runs debounced stores from a timer.
      if (!this.stopping) void payload.instance.storeDocumentHooks(document, payload).catch(() => undefined);
    }
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    this.lastWrite.delete(documentName);
    this.listedMedia.delete(documentName);
  }

  /** The last store's error for a document, or null when its last store succeeded. */
  storeError(projectId: string): unknown {
    return this.storeErrors.get(projectId) ?? null;
  }

  /** Shutdown: stores still run, failed ones are not retried. */
  stop(): void {
    this.stopping = true;
  }

  private async store(projectId: string, document: Y.Doc): Promise<void> {
    const now = this.now();
    const known = this.lastWrite.get(projectId) ?? null;
    const stored = await storeDocument(this.db, {
      projectId,
      now,
      snapshotOlderThan: new Date(now.getTime() - SNAPSHOT_INTERVAL_MS),
      writtenAt: known,
      prepare: (writtenElsewhere) => {
        // Another node (or an earlier process) wrote this row since we last did: fold its
        // state in rather than overwrite it, so no node's edits are ever lost to a full-state
        // write. Connected clients receive whatever they were missing.
        if (writtenElsewhere) Y.applyUpdate(document, writtenElsewhere);
        return { state: Y.encodeStateAsUpdate(document), autoCoverUrl: topImageSrc(document) };
      },
    });
    if (stored) this.lastWrite.set(projectId, now);
    await this.listMedia(projectId, document);
  }

  /** Lets every member load the media the canvas shows (media access reads project_media). */
  private async listMedia(projectId: string, document: Y.Doc): Promise<void> {
    const listed = this.listedMedia.get(projectId) ?? new Set<string>();
    this.listedMedia.set(projectId, listed);
    const fresh = mediaKeysOf(document).filter((key) => !listed.has(key));
    if (!fresh.length) return;
    await recordProjectMedia(this.db, projectId, fresh);
    for (const key of fresh) listed.add(key);
  }
}

const MEDIA_URL_PREFIX = '/api/media/';

/**
 * Storage keys of our media the document shows: its nodes' src and poster, a regenerating node's
 * `previous` result and earlier versions, and the timeline's clips.
 */
export function mediaKeysOf(doc: Y.Doc): string[] {
  const keys = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string' || !value.startsWith(MEDIA_URL_PREFIX)) return;
    const key = value.slice(MEDIA_URL_PREFIX.length);
    if (MEDIA_KEY_PATTERN.test(key)) keys.add(key);
  };
  for (const node of doc.getMap<unknown>(CANVAS_NODES).values()) {
    if (!(node instanceof Y.Map)) continue;
    add(node.get('src'));
    add(node.get('poster'));
    const previous: unknown = node.get('previous');
    if (previous && typeof previous === 'object') {
      add((previous as { src?: unknown }).src);
      add((previous as { poster?: unknown }).poster);
    }
    const generation: unknown = node.get('generation');
    const versions = generation && typeof generation === 'object' ? (generation as { versions?: unknown }).versions : undefined;
    if (!Array.isArray(versions)) continue;
    for (const version of versions as { src?: unknown; poster?: unknown }[]) {
      add(version.src);
      add(version.poster);
    }
  }
  for (const item of doc.getMap<unknown>(TIMELINE_MAP).values()) {
    if (item instanceof Y.Map && item.get('type') === 'clip') add(item.get('src'));
  }
  // Flows (issue 24): their input media and their steps' results.
  for (const key of flowMediaKeys(doc)) keys.add(key);
  return [...keys];
}

/**
 * The card's automatic cover: the src of the image drawn on top (highest z). Only our own
 * relative URLs qualify, so a cover never makes a member's browser call another host.
 */
export function topImageSrc(doc: Y.Doc): string | null {
  let top: { z: number; src: string } | null = null;
  for (const node of doc.getMap<unknown>(CANVAS_NODES).values()) {
    if (!(node instanceof Y.Map) || node.get('type') !== 'image') continue;
    const src: unknown = node.get('src');
    if (typeof src !== 'string' || !src.startsWith('/') || src.startsWith('//') || src.length > 512) continue;
    const zValue: unknown = node.get('z');
    const z = typeof zValue === 'number' ? zValue : 0;
    if (!top || z >= top.z) top = { z, src };
  }
  return top?.src ?? null;
}
