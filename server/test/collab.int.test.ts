/**
 * The collaboration server end to end: real WebSocket providers with session cookies against the
 * app listening on a port, a real PostgreSQL behind it.
 */
import { connect, type DatabaseHandle } from '@tessera/db/connect';
import { projectDocuments, projectMembers, projects } from '@tessera/db/schema';
import { type CanvasNode, nodesOf, readNodes, writeNode } from '@tessera/shared/canvas';
import { COLLAB_REASONS } from '@tessera/shared/projects';
import type { onStoreDocumentPayload } from '@hocuspocus/server';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildApp } from '../src/app.ts';
import type { CollabServer } from '../src/collab/collab.service.ts';
import { PostgresPersistenceExtension } from '../src/collab/persistence.extension.ts';
import { insertSnapshot, listSnapshots, loadDocumentState, SNAPSHOTS_KEPT } from '../src/collab/collab.repo.ts';
import { closeCollabClients, type CollabClient, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import { buildTestApp, REDIS_URL, redisForTests, rpc, signUpTestUser, type TestApp, testConfig, type TestUser } from './harness.ts';

let nodeCount = 0;
function shape(name: string, extra: Partial<CanvasNode> = {}): CanvasNode {
  nodeCount += 1;
  return { id: `n${nodeCount}-${name}`, type: 'shape', shape: 'rect', x: nodeCount * 10, y: 0, width: 100, height: 80, rotation: 0, z: nodeCount, parentId: null, locked: false, fill: '#93c5fd', stroke: '#1d4ed8', strokeWidth: 2, name, ...extra } as CanvasNode;
}

const names = (doc: Y.Doc) => readNodes(doc).map((n) => n.name ?? n.id).sort();
const hasNode = (doc: Y.Doc, id: string) => nodesOf(doc).has(id);

function decode(state: Uint8Array | null): Y.Doc {
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

async function storedNames(db: DatabaseHandle['db'], projectId: string): Promise<string[]> {
  return names(decode(await loadDocumentState(db, projectId)));
}

async function connected(client: CollabClient): Promise<CollabClient> {
  await client.synced;
  return client;
}

describe('collaboration server', () => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    [owner, editor, viewer, stranger] = await Promise.all([signUpTestUser(t.app), signUpTestUser(t.app), signUpTestUser(t.app), signUpTestUser(t.app)]);
  });

  afterAll(async () => {
    closeCollabClients();
    await t?.close();
  });

  const seed = () =>
    seedProject(t.database.db, owner.id, [
      { userId: editor.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ]);

  it('lets members edit one document live, and a viewer read it without changing it', async () => {
    const projectId = await seed();
    const a = await connected(connectCollab(t.app, projectId, owner.cookie));
    expect(await a.authenticated).toBe('read-write');
    const first = shape('from owner');
    writeNode(a.doc, first);

    const b = await connected(connectCollab(t.app, projectId, editor.cookie));
    await waitUntil(() => hasNode(b.doc, first.id), 10_000, 'the editor to receive the owner’s node');
    const second = shape('from editor');
    writeNode(b.doc, second);
    await waitUntil(() => hasNode(a.doc, second.id), 10_000, 'the owner to receive the editor’s node');

    const v = await connected(connectCollab(t.app, projectId, viewer.cookie));
    expect(await v.authenticated).toBe('readonly');
    await waitUntil(() => hasNode(v.doc, first.id) && hasNode(v.doc, second.id), 10_000, 'the viewer to see both nodes');
    const forged = shape('from viewer');
    writeNode(v.doc, forged);
    // Messages from one connection are handled in order: once the owner sees the viewer's
    // awareness change sent after the edit, the server has handled (and dropped) the edit.
    v.provider.setAwarenessField('marker', 'after-edit');
    await waitUntil(() => [...(a.provider.awareness?.getStates().values() ?? [])].some((s) => s.marker === 'after-edit'), 10_000, 'the viewer’s awareness');

    expect(names(decode(await t.app.services.collab!.encodeState(projectId)))).toEqual(['from editor', 'from owner']);
    expect(hasNode(a.doc, forged.id)).toBe(false);
    // Everything the members wrote is stored within the debounce; the viewer's node never is.
    await waitUntil(async () => (await storedNames(t.database.db, projectId)).length === 2, 10_000, 'the store');
    expect(await storedNames(t.database.db, projectId)).toEqual(['from editor', 'from owner']);
    a.close();
    b.close();
    v.close();
  });

  it('refuses non-members, connections without a session or from another site, and names that are not projects', async () => {
    const projectId = await seed();
    expect(await connectCollab(t.app, projectId, stranger.cookie).refused).toBe(COLLAB_REASONS.forbidden);
    expect(await connectCollab(t.app, projectId, null).refused).toBe(COLLAB_REASONS.unauthorized);
    expect(await connectCollab(t.app, projectId, owner.cookie, { origin: 'https://evil.example' }).refused).toBe(COLLAB_REASONS.unauthorized);
    expect(await connectCollab(t.app, 'not-a-project', owner.cookie).refused).toBe(COLLAB_REASONS.forbidden);
    expect(await connectCollab(t.app, crypto.randomUUID(), owner.cookie).refused).toBe(COLLAB_REASONS.forbidden);
    // Nobody got a document: nothing was loaded for the refused connections.
    expect(t.app.services.collab && (await t.app.services.collab.encodeState(projectId))).toBeNull();
    closeCollabClients();
  });

  it('closes the connection of a member whose access is revoked, and only theirs', async () => {
    const projectId = await seed();
    const a = await connected(connectCollab(t.app, projectId, owner.cookie));
    const b = await connected(connectCollab(t.app, projectId, editor.cookie));
    let ownerClosed = false;
    void a.closed.then(() => (ownerClosed = true));

    // What removing a member does: the row goes, then the member's connections close.
    await t.database.db.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, editor.id)));
    t.app.services.collab!.disconnect(projectId, editor.id);
    expect(await b.closed).toBe(COLLAB_REASONS.revoked);

    const note = shape('after revoke');
    writeNode(a.doc, note);
    const v = await connected(connectCollab(t.app, projectId, viewer.cookie));
    await waitUntil(() => hasNode(v.doc, note.id), 10_000, 'the owner’s edit to reach the viewer');
    expect(ownerClosed).toBe(false);
    // Coming back is refused too.
    expect(await connectCollab(t.app, projectId, editor.cookie).refused).toBe(COLLAB_REASONS.forbidden);
    closeCollabClients();
  });

  it('writes from the server reach connected clients and are stored, whether or not the document is open', async () => {
    const collab = t.app.services.collab!;
    const openProject = await seed();
    const a = await connected(connectCollab(t.app, openProject, owner.cookie));
    const fromServer = shape('from server');
    await collab.transact(openProject, (doc) => writeNode(doc, fromServer));
    // Resolved means stored.
    expect(await storedNames(t.database.db, openProject)).toContain('from server');
    await waitUntil(() => hasNode(a.doc, fromServer.id), 10_000, 'the client to receive the server’s node');

    const closedProject = await seed();
    await collab.transact(closedProject, (doc) => writeNode(doc, shape('written while closed')));
    expect(await storedNames(t.database.db, closedProject)).toEqual(['written while closed']);
    // Two writes at once both land (they queue on the document).
    await Promise.all([collab.transact(closedProject, (doc) => writeNode(doc, shape('one'))), collab.transact(closedProject, (doc) => writeNode(doc, shape('two')))]);
    expect(await storedNames(t.database.db, closedProject)).toEqual(['one', 'two', 'written while closed']);
    expect(names(decode(await collab.encodeState(closedProject)))).toEqual(['one', 'two', 'written while closed']);
    await expect(collab.transact(crypto.randomUUID(), () => undefined)).rejects.toMatchObject({ catalogueCode: 'PROJECT_NOT_FOUND' });
    a.close();
  });

  it('tells listeners when a document loads', async () => {
    const projectId = await seed();
    const loaded: string[] = [];
    t.app.services.collab!.onDocumentLoaded((id) => loaded.push(id));
    const a = await connected(connectCollab(t.app, projectId, owner.cookie));
    expect(loaded).toContain(projectId);
    a.close();
  });

  it('keeps the project card fresh: the top image becomes the automatic cover', async () => {
    const projectId = await seed();
    const [before] = await t.database.db.select({ updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, projectId));
    const a = await connected(connectCollab(t.app, projectId, owner.cookie));
    const image = (src: string, z: number) => ({ ...shape('image'), type: 'image', src, z }) as CanvasNode;
    a.doc.transact(() => {
      writeNode(a.doc, image('/api/media/u/abc/low.png', 1));
      writeNode(a.doc, image('/api/media/u/abc/top.png', 50));
      writeNode(a.doc, image('https://tracker.example/pixel.png', 99));
    });
    await waitUntil(
      async () => (await t.database.db.select({ cover: projects.autoCoverUrl }).from(projects).where(eq(projects.id, projectId)))[0]?.cover === '/api/media/u/abc/top.png',
      10_000,
      'the automatic cover',
    );
    const [after] = await t.database.db.select({ updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, projectId));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    a.close();
  });

  it('keeps snapshots and restores one for every connected collaborator', async () => {
    const projectId = await seed();
    const db = t.database.db;
    const a = await connected(connectCollab(t.app, projectId, owner.cookie));
    const kept = shape('kept');
    const early = shape('early');
    a.doc.transact(() => {
      writeNode(a.doc, kept);
      writeNode(a.doc, early);
    });
    await waitUntil(async () => (await storedNames(db, projectId)).length === 2, 10_000, 'the first store');
    const [first] = (await rpc(t.app, owner.cookie, 'projectHistory.list', { projectId }, 'GET')).body.result.data as { id: string; reason: string }[];
    expect(first).toMatchObject({ reason: 'periodic' });

    // Later edits: no second periodic snapshot within ten minutes.
    const late = shape('late');
    a.doc.transact(() => {
      nodesOf(a.doc).delete(early.id);
      writeNode(a.doc, late);
    });
    await waitUntil(async () => (await storedNames(db, projectId)).includes('late'), 10_000, 'the second store');
    expect(await listSnapshots(db, projectId)).toHaveLength(1);

    const b = await connected(connectCollab(t.app, projectId, editor.cookie));
    expect((await rpc(t.app, viewer.cookie, 'projectHistory.restore', { projectId, snapshotId: first!.id })).status).toBe(403);
    expect((await rpc(t.app, stranger.cookie, 'projectHistory.list', { projectId }, 'GET')).status).toBe(404);
    const restored = await rpc(t.app, editor.cookie, 'projectHistory.restore', { projectId, snapshotId: first!.id });
    expect(restored.status).toBe(200);

    // Both connected clients now show the snapshot's canvas, and so does the stored document.
    for (const client of [a, b]) await waitUntil(() => names(client.doc).join() === 'early,kept', 10_000, 'the restored canvas');
    expect(await storedNames(db, projectId)).toEqual(['early', 'kept']);
    // The canvas as it was before the restore is kept, newest first.
    const history = await listSnapshots(db, projectId);
    expect(history.map((s) => s.reason)).toEqual(['restore', 'periodic']);
    const [beforeRestore] = await rpc(t.app, owner.cookie, 'projectHistory.list', { projectId }, 'GET').then((r) => r.body.result.data as { id: string }[]);
    expect(beforeRestore!.id).toBe(history[0]!.id);
    a.close();
    b.close();
  });

  it('keeps the newest snapshots only', async () => {
    const projectId = await seed();
    const state = Y.encodeStateAsUpdate(new Y.Doc());
    for (let i = 0; i < SNAPSHOTS_KEPT + 5; i += 1) await insertSnapshot(t.database.db, projectId, state, 'periodic', new Date(Date.UTC(2030, 0, 1, 0, i)));
    const history = await listSnapshots(t.database.db, projectId);
    expect(history).toHaveLength(SNAPSHOTS_KEPT);
    expect(history.at(-1)!.createdAt).toBe(new Date(Date.UTC(2030, 0, 1, 0, 5)).toISOString());
  });
});

describe('collaboration server when storage fails', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let failing = true;
  let appClosed = false;

  beforeAll(async () => {
    t = await buildTestApp();
    database = await connect({ databaseUrl: t.config.databaseUrl, poolSize: 2 });
    // A second node on the same database whose document reads fail while `failing` is set.
    app = await buildApp({
      config: testConfig({ databaseUrl: t.config.databaseUrl }),
      database,
      collabLoader: async (projectId) => {
        if (failing) throw new Error('storage is down');
        return loadDocumentState(database.db, projectId);
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    closeCollabClients();
    if (!appClosed) await app?.close();
    await database?.close();
    await t?.close();
  });

  it('has a persistence that refuses to store a document it did not load', async () => {
    const owner = await signUpTestUser(t.app);
    const projectId = await seedProject(t.database.db, owner.id);
    await t.app.services.collab!.transact(projectId, (doc) => writeNode(doc, shape('real')));
    const [before] = await t.database.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, projectId));
    // Hocuspocus never asks for this (a failed load gets no store); the guard holds if it ever did.
    const persistence = new PostgresPersistenceExtension({ db: t.database.db, log: { error: () => undefined, warn: () => undefined } });
    const empty = new Y.Doc();
    await persistence.onStoreDocument({ document: empty, documentName: projectId } as unknown as onStoreDocumentPayload);
    const [after] = await t.database.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, projectId));
    expect(Buffer.from(after!.state).equals(Buffer.from(before!.state))).toBe(true);
  });

  it('never stores over the real document after a failed load, and serves it once storage answers again', async () => {
    const owner = await signUpTestUser(t.app);
    const projectId = await seedProject(t.database.db, owner.id);
    await t.app.services.collab!.transact(projectId, (doc) => {
      writeNode(doc, shape('real one'));
      writeNode(doc, shape('real two'));
    });
    const [before] = await t.database.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, projectId));
    const collab = app.services.collab as CollabServer;

    const client = connectCollab(app, projectId, owner.cookie);
    expect(await client.refused).toBe(COLLAB_REASONS.unavailable);
    // The client, seeing an empty canvas, draws on it; a server write fails the same way.
    writeNode(client.doc, shape('drawn on the empty canvas'));
    await expect(collab.transact(projectId, (doc) => writeNode(doc, shape('server write')))).rejects.toMatchObject({ catalogueCode: 'SERVICE_UNAVAILABLE' });
    // The node holds no document for the project, so there is nothing it could store.
    expect(collab.hocuspocus.documents.has(projectId)).toBe(false);
    const [unchanged] = await t.database.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, projectId));
    expect(Buffer.from(unchanged!.state).equals(Buffer.from(before!.state))).toBe(true);

    // Storage is back: a new connection gets the real document and edits it.
    failing = false;
    const again = await connected(connectCollab(app, projectId, owner.cookie));
    expect(names(again.doc)).toEqual(['real one', 'real two']);
    writeNode(again.doc, shape('after recovery'));
    await waitUntil(() => collab.hocuspocus.documents.get(projectId)?.getMap('nodes').size === 3, 10_000, 'the server to apply the edit');
    // Closing the node stores every open document right away, with the client still connected.
    await app.close();
    appClosed = true;
    expect(await storedNames(t.database.db, projectId)).toEqual(['after recovery', 'real one', 'real two']);
  });
});

const redisUp = await redisForTests('the two-node collaboration test');

describe.skipIf(!redisUp)('collaboration across two nodes through Redis', () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let databaseB: DatabaseHandle;

  beforeAll(async () => {
    nodeA = await buildTestApp({ config: { redisUrl: REDIS_URL } });
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    databaseB = await connect({ databaseUrl: nodeA.config.databaseUrl, poolSize: 2 });
    nodeB = await buildApp({ config: testConfig({ databaseUrl: nodeA.config.databaseUrl, redisUrl: REDIS_URL }), database: databaseB });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    closeCollabClients();
    await nodeB?.close();
    await databaseB?.close();
    await nodeA?.close();
  });

  it('shows each client the other’s edits when they are connected to different nodes, and revokes across nodes', async () => {
    const [owner, editor] = await Promise.all([signUpTestUser(nodeA.app), signUpTestUser(nodeA.app)]);
    const projectId = await seedProject(nodeA.database.db, owner.id, [{ userId: editor.id, role: 'editor' }]);
    const a = await connected(connectCollab(nodeA.app, projectId, owner.cookie));
    const b = await connected(connectCollab(nodeB, projectId, editor.cookie));
    const fromA = shape('on node A');
    writeNode(a.doc, fromA);
    await waitUntil(() => hasNode(b.doc, fromA.id), 15_000, 'node B’s client to see node A’s edit');
    const fromB = shape('on node B');
    writeNode(b.doc, fromB);
    await waitUntil(() => hasNode(a.doc, fromB.id), 15_000, 'node A’s client to see node B’s edit');
    await waitUntil(async () => (await storedNames(nodeA.database.db, projectId)).length === 2, 15_000, 'the store');

    // Revoked on node A, connected to node B.
    await nodeA.database.db.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, editor.id)));
    nodeA.app.services.collab!.disconnect(projectId, editor.id);
    expect(await b.closed).toBe(COLLAB_REASONS.revoked);
    a.close();
  });
});
