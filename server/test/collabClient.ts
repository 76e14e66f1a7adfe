/**
 * Test helpers for the collaboration server: a Node HocuspocusProvider that connects to
 * COLLAB_PATH with a session cookie (as a browser's WebSocket upgrade carries it), and a way to
 * put a project with members in the database.
 */
import type { AddressInfo } from 'node:net';
import type { Database } from '@tessera/db/connect';
import { projectMembers, projects } from '@tessera/db/schema';
import { COLLAB_PATH, type ProjectRole } from '@tessera/shared/projects';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { TEST_ORIGIN } from './harness.ts';

export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves once the first sync with the server finished. */
  synced: Promise<void>;
  /** The scope the server granted (`read-write`, or `readonly` for viewers). */
  authenticated: Promise<string>;
  /** Resolves with the reason when the server refuses the document (never resolves otherwise). */
  refused: Promise<string>;
  /** Resolves with the reason when the server closes the document on this connection. */
  closed: Promise<string>;
  /** Destroys the provider and its WebSocket. */
  close(): void;
}

export interface ConnectCollabOptions {
  /** The Origin header sent with the upgrade (a browser always sends one); TEST_ORIGIN by default. */
  origin?: string;
}

const open = new Set<CollabClient>();

/**
 * Connects a provider for `projectId` to a listening app (or a base URL such as
 * `http://127.0.0.1:3000`), sending `cookie` (null: none) with the WebSocket upgrade. Close it
 * with `close()` or `closeCollabClients()` before closing the app.
 */
export function connectCollab(target: FastifyInstance | string, projectId: string, cookie: string | null, options: ConnectCollabOptions = {}): CollabClient {
  const base = typeof target === 'string' ? target : `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
  const headers: Record<string, string> = { origin: options.origin ?? TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
  // The provider creates its WebSocket with `new WebSocketPolyfill(url)`; this one adds the
  // headers a browser would send with the upgrade.
  class WebSocketWithHeaders extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `${base.replace(/^http/, 'ws')}${COLLAB_PATH}`,
    WebSocketPolyfill: WebSocketWithHeaders,
    // Quick reconnects keep tests that restart a server short.
    delay: 200,
    minDelay: 100,
    maxDelay: 1000,
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: projectId, document: doc });
  const client: CollabClient = {
    doc,
    provider,
    synced: new Promise((resolve) => provider.on('synced', () => resolve())),
    authenticated: new Promise((resolve) => provider.on('authenticated', ({ scope }: { scope: string }) => resolve(scope))),
    refused: new Promise((resolve) => provider.on('authenticationFailed', ({ reason }: { reason: string }) => resolve(reason))),
    closed: new Promise((resolve) => provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason))),
    close() {
      open.delete(client);
      provider.destroy();
      socket.destroy();
    },
  };
  // A provider given its own socket attaches explicitly (and only then starts talking).
  provider.attach();
  open.add(client);
  return client;
}

/** Closes every client connectCollab opened and not yet closed. */
export function closeCollabClients(): void {
  for (const client of [...open]) client.close();
}

/** Polls `check` until it returns true (or throws after `timeoutMs`). */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A project owned by `ownerId` with extra members, written straight to the database. */
export async function seedProject(db: Database, ownerId: string, members: { userId: string; role: Exclude<ProjectRole, 'owner'> }[] = [], name = 'Test project'): Promise<string> {
  const [project] = await db.insert(projects).values({ ownerId, name }).returning({ id: projects.id });
  if (!project) throw new Error('project not inserted');
  await db.insert(projectMembers).values([{ projectId: project.id, userId: ownerId, role: 'owner' as const }, ...members.map((m) => ({ projectId: project.id, ...m }))]);
  return project.id;
}
