/**
 * Generation on a shared canvas, end to end on a real database, real sockets, a real
 * collaboration server and real files: the placeholder appears for every collaborator at once,
 * progress reaches everyone in the project with who asked, and the server writes the result (or
 * the failure) into the project document — even when nobody is connected, whichever process ran
 * the task. Providers are stand-ins at the system's edge.
 */
import { generationTasks } from '@tessera/db/schema';
import { type CanvasNode, readNodes, writeNode } from '@tessera/shared/canvas';
import type { ClientToServerEvents, ServerEventPayload, ServerToClientEvents } from '@tessera/shared/realtime';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollabServer } from '../src/collab/collab.service.ts';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import { createWorkerPool } from '../src/generation/workers.ts';
import { pgPublisher } from '../src/realtime/pgRelay.ts';
import { Realtime } from '../src/realtime/realtime.ts';
import { closeCollabClients, type CollabClient, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import {
  buildTestApp,
  connectTestSocket,
  creditSummary,
  disconnectTestSockets,
  flatImageProvider,
  rpc,
  signInAnonymously,
  signUpTestUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
  uploadFile,
} from './harness.ts';

const PLACEMENT = { x: 100, y: 200, width: 512, height: 512 };

/** Opens `held …` prompts only when the test says so; fails `doomed …` prompts like a broken model. */
function canvasStandIn() {
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const provider: GenerationProvider = {
    name: 'canvas stand-in',
    supports: () => true,
    async run(task, ctx) {
      ctx.reportProgress(30, 'rendering');
      const prompt = String((task.input as { prompt?: unknown }).prompt ?? '');
      if (prompt.startsWith('doomed')) throw new Error('model exploded');
      if (prompt.startsWith('held')) {
        await new Promise<void>((resolve, reject) => {
          void gate.then(resolve);
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      ctx.reportProgress(80, 'finishing');
      const data = await sharp({ create: { width: 320, height: 160, channels: 3, background: '#cc6633' } }).png().toBuffer();
      return [{ data, contentType: 'image/png', mediaType: 'image', width: 320, height: 160 }];
    },
  };
  return {
    provider,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

const call = (t: TestApp, user: TestUser, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST') => rpc(t.app, user.cookie, path, input, method);

function nodeOf(client: CollabClient, id: string): CanvasNode | undefined {
  return readNodes(client.doc).find((node) => node.id === id);
}

async function waitForNode(client: CollabClient, id: string, check: (node: CanvasNode) => boolean, what: string): Promise<CanvasNode> {
  await waitUntil(() => {
    const node = nodeOf(client, id);
    return node !== undefined && check(node);
  }, 15_000, what);
  return nodeOf(client, id) as CanvasNode;
}

async function openDoc(t: TestApp, projectId: string, user: TestUser): Promise<CollabClient> {
  const client = connectCollab(t.app, projectId, user.cookie);
  await client.synced;
  return client;
}

async function joinProject(t: TestApp, user: TestUser, projectId: string) {
  // The harness types sockets for server events only; joining a project is a client event.
  const socket = (await connectTestSocket(t.app, user.cookie)) as unknown as Socket<ServerToClientEvents, ClientToServerEvents>;
  const joined = await new Promise<boolean>((resolve) => socket.emit('project:join', projectId, resolve));
  expect(joined).toBe(true);
  return socket;
}

async function appliedAt(t: TestApp, taskId: string): Promise<Date | null> {
  const [row] = await t.database.db.select({ at: generationTasks.canvasAppliedAt }).from(generationTasks).where(eq(generationTasks.id, taskId));
  return row?.at ?? null;
}

function closeAll() {
  closeCollabClients();
  disconnectTestSockets();
}

describe('generation on a shared canvas (in-process workers)', () => {
  const standIn = canvasStandIn();
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let aliceName: string;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 1 }, providers: [standIn.provider] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const email = uniqueEmail('alice');
    aliceName = email.split('@')[0] as string;
    alice = await signUpTestUser(t.app, { email });
    bob = await signInAnonymously(t.app);
    viewer = await signInAnonymously(t.app);
    stranger = await signInAnonymously(t.app);
    projectId = await seedProject(t.database.db, alice.id, [
      { userId: bob.id, role: 'editor' },
      { userId: viewer.id, role: 'viewer' },
    ]);
  });
  afterAll(async () => {
    closeAll();
    await t?.close();
  });

  it("shows A's generation to B live: placeholder, progress with A's name, then the image with its lineage", async () => {
    const bobDoc = await openDoc(t, projectId, bob);
    const bobSocket = await joinProject(t, bob, projectId);
    const progress: ServerEventPayload<'task:progress'>[] = [];
    bobSocket.on('task:progress', (event) => progress.push(event));
    const succeeded = new Promise<ServerEventPayload<'task:succeeded'>>((resolve) => bobSocket.once('task:succeeded', resolve));
    standIn.hold();

    const res = await call(t, alice, 'canvas.generate', {
      projectId,
      kind: 'text_to_image',
      input: { prompt: 'held lighthouse at dusk', aspectRatio: '16:9' },
      placement: PLACEMENT,
    });
    expect(res.status).toBe(200);
    const { taskId, nodeId } = res.body.result.data as { taskId: string; nodeId: string };

    // B sees the placeholder without doing anything, with who asked and what.
    const placeholder = await waitForNode(bobDoc, nodeId, (node) => node.type === 'placeholder', 'the placeholder');
    expect(placeholder).toMatchObject({ type: 'placeholder', status: 'queued', output: 'image', ...PLACEMENT });
    expect(placeholder.type === 'placeholder' && placeholder.generation).toMatchObject({
      taskId,
      kind: 'text_to_image',
      prompt: 'held lighthouse at dusk',
      params: { prompt: 'held lighthouse at dusk', aspectRatio: '16:9' },
      cost: 4,
      requestedBy: { id: alice.id, name: aliceName },
      parentNodeId: null,
    });

    await waitUntil(() => progress.some((event) => event.id === taskId && event.progress === 30), 10_000, "B's progress event");
    expect(progress.find((event) => event.progress === 30)).toMatchObject({ id: taskId, projectId, stage: 'rendering', kind: 'text_to_image', nodeId, by: { id: alice.id, name: aliceName } });

    standIn.release();
    const done = await succeeded;
    expect(done).toMatchObject({ id: taskId, projectId, nodeId, by: { id: alice.id, name: aliceName } });

    const image = await waitForNode(bobDoc, nodeId, (node) => node.type === 'image', 'the image');
    if (image.type !== 'image') throw new Error('not an image');
    expect(image.src).toBe(done.outputs[0]?.url);
    expect(image.src).toMatch(/^\/api\/media\/u\/.+\.png$/);
    // Same place and width; the height follows the output's 2:1 aspect.
    expect(image).toMatchObject({ x: PLACEMENT.x, y: PLACEMENT.y, width: 512, height: 256 });
    expect(image.generation).toMatchObject({ taskId, prompt: 'held lighthouse at dusk', cost: 4, engine: 'canvas stand-in', creationId: done.outputs[0]?.creationId });
    const file = await t.app.inject({ method: 'GET', url: image.src, headers: { cookie: alice.cookie } });
    expect(file.statusCode).toBe(200);
    // Every member may load what the canvas shows; a stranger still may not.
    await waitUntil(async () => (await t.app.inject({ method: 'GET', url: image.src, headers: { cookie: bob.cookie } })).statusCode === 200, 10_000, 'B loading the image');
    expect((await t.app.inject({ method: 'GET', url: image.src, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect(await appliedAt(t, taskId)).not.toBeNull();
    bobDoc.close();
  });

  it('writes the result even when everyone left before it finished', async () => {
    const aliceDoc = await openDoc(t, projectId, alice);
    standIn.hold();
    const { taskId, nodeId } = (await call(t, alice, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'held quiet harbour' }, placement: PLACEMENT })).body.result
      .data as { taskId: string; nodeId: string };
    await waitForNode(aliceDoc, nodeId, (node) => node.type === 'placeholder', 'the placeholder');
    aliceDoc.close();
    disconnectTestSockets();

    standIn.release();
    // The claim (canvas_applied_at) comes before the document write: someone who opens the
    // project in between gets the placeholder, then the image as the write lands.
    await waitUntil(async () => (await appliedAt(t, taskId)) !== null, 15_000, 'the outcome to be claimed');
    const later = await openDoc(t, projectId, bob);
    const image = await waitForNode(later, nodeId, (node) => node.type === 'image', 'the image written with nobody connected');
    expect(image).toMatchObject({ type: 'image', generation: { taskId, prompt: 'held quiet harbour' } });
    later.close();
  });

  it('marks the placeholder failed with the catalogue message and gives the credits back', async () => {
    const aliceDoc = await openDoc(t, projectId, alice);
    const before = await creditSummary(t.app, alice.cookie);
    const res = await call(t, alice, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'doomed castle' }, placement: PLACEMENT });
    expect(res.status).toBe(200);
    const { nodeId } = res.body.result.data as { nodeId: string };
    const failed = await waitForNode(aliceDoc, nodeId, (node) => node.type === 'placeholder' && node.status === 'failed', 'the failure');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' } });
    await waitUntil(async () => (await creditSummary(t.app, alice.cookie)).used === before.used, 10_000, 'the refund');
    aliceDoc.close();
  });

  it('regenerates a node in place and keeps the earlier result as a version', async () => {
    const aliceDoc = await openDoc(t, projectId, alice);
    const first = (await call(t, alice, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'red kite' }, placement: PLACEMENT })).body.result.data as {
      nodeId: string;
    };
    const original = await waitForNode(aliceDoc, first.nodeId, (node) => node.type === 'image', 'the first result');
    const again = await call(t, alice, 'canvas.generate', {
      projectId,
      kind: 'text_to_image',
      input: { prompt: 'blue kite' },
      placement: PLACEMENT,
      nodeId: first.nodeId,
    });
    expect(again.body.result.data.nodeId).toBe(first.nodeId);
    const regenerated = await waitForNode(aliceDoc, first.nodeId, (node) => node.type === 'image' && node.generation?.prompt === 'blue kite', 'the new result');
    if (regenerated.type !== 'image' || original.type !== 'image') throw new Error('not images');
    expect(regenerated.generation?.versions).toEqual([expect.objectContaining({ src: original.src, mediaType: 'image', taskId: original.generation?.taskId })]);
    expect(regenerated.src).not.toBe(original.src);
    expect(readNodes(aliceDoc.doc).filter((node) => node.id === first.nodeId)).toHaveLength(1);
    aliceDoc.close();
  });

  it('lets a viewer watch but not generate, and a stranger not even see the project', async () => {
    const before = await creditSummary(t.app, viewer.cookie);
    const asViewer = await call(t, viewer, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'not allowed' }, placement: PLACEMENT });
    expect(asViewer.status).toBe(403);
    expect(asViewer.body.error.message).toBe('You can view this project but not change it. Ask its owner for edit access.');
    expect(await creditSummary(t.app, viewer.cookie)).toEqual(before);
    expect((await call(t, viewer, 'task.list', undefined, 'GET')).body.result.data).toEqual([]);

    const asStranger = await call(t, stranger, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'intruder' }, placement: PLACEMENT });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.error.data.appCode).toBe('PROJECT_NOT_FOUND');
    expect((await call(t, stranger, 'canvas.tasks', { projectId }, 'GET')).status).toBe(404);
    expect((await call(t, stranger, 'canvas.spend', { projectId }, 'GET')).status).toBe(404);

    const doc = await openDoc(t, projectId, viewer);
    expect(readNodes(doc.doc).some((node) => node.type === 'placeholder' && ['not allowed', 'intruder'].includes(node.generation.prompt ?? ''))).toBe(false);
    doc.close();
  });

  it("answers field issues for the kind's input", async () => {
    const res = await call(t, alice, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: '' }, placement: PLACEMENT });
    expect(res.status).toBe(400);
    expect(res.body.error.data).toMatchObject({ code: 'BAD_REQUEST', appCode: 'INCORRECT_PARAMETER' });
    expect(res.body.error.data.issues).toEqual([expect.objectContaining({ path: 'input.prompt', message: 'Prompt is required' })]);
  });

  it("uses a teammate's image the canvas shows as an input, which outside the project stays private", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa44' } }).png().toBuffer();
    const upload = await uploadFile(t.app, bob.cookie, png);
    expect(upload.statusCode).toBe(200);
    const { url } = upload.json<{ url: string }>();
    const request = {
      projectId,
      kind: 'image_to_image',
      input: { image: url, prompt: 'as a watercolour', style: 'watercolor' },
      placement: PLACEMENT,
      parentNodeId: 'bobs-photo',
    };
    // Being a teammate's is not enough: the upload must be on the project's canvas.
    expect((await call(t, alice, 'canvas.generate', request)).body.error.data.appCode).toBe('IMAGE_NOT_FOUND');
    const bobDoc = await openDoc(t, projectId, bob);
    writeNode(bobDoc.doc, { id: 'bobs-photo', type: 'image', src: url, x: 0, y: 0, width: 64, height: 64, rotation: 0, z: 0, parentId: null, locked: false });
    await waitUntil(() => !bobDoc.provider.hasUnsyncedChanges, 5000, "the server to have bob's photo");
    const onCanvas = await call(t, alice, 'canvas.generate', request);
    bobDoc.close();
    expect(onCanvas.status).toBe(200);
    const elsewhere = await call(t, stranger, 'image2Image.create', { image: url, prompt: 'stolen' });
    expect(elsewhere.body.error.data.appCode).toBe('IMAGE_NOT_FOUND');
    await waitUntil(async () => (await appliedAt(t, onCanvas.body.result.data.taskId)) !== null, 15_000, 'the image-to-image result');
  });

  it("lists the project's tasks with who asked, and the credits each person spent", async () => {
    const bobTask = await call(t, bob, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt: 'green field' }, placement: PLACEMENT });
    expect(bobTask.status).toBe(200);
    await waitUntil(async () => (await appliedAt(t, bobTask.body.result.data.taskId)) !== null, 15_000, "bob's result");

    const tasks = (await call(t, bob, 'canvas.tasks', { projectId }, 'GET')).body.result.data as {
      id: string;
      status: string;
      cost: number;
      by: { id: string; name: string };
      mine: boolean;
      nodeId: string | null;
    }[];
    expect(tasks[0]).toMatchObject({ id: bobTask.body.result.data.taskId, by: { id: bob.id, name: 'Guest' }, mine: true, status: 'succeeded', nodeId: bobTask.body.result.data.nodeId });
    const alices = tasks.filter((task) => task.by.id === alice.id);
    expect(alices.length).toBeGreaterThanOrEqual(5);
    expect(alices.every((task) => task.by.name === aliceName && !task.mine)).toBe(true);
    expect(tasks.some((task) => task.status === 'failed')).toBe(true);

    const spend = (await call(t, viewer, 'canvas.spend', { projectId }, 'GET')).body.result.data as { userId: string; name: string; credits: number; tasks: number }[];
    const succeeded = (user: TestUser) => tasks.filter((task) => task.by.id === user.id && task.status === 'succeeded');
    const sum = (list: { cost: number }[]) => list.reduce((total, task) => total + task.cost, 0);
    // The failed task was refunded: it is not spend.
    expect(spend).toEqual(
      expect.arrayContaining([
        { userId: alice.id, name: aliceName, credits: sum(succeeded(alice)), tasks: succeeded(alice).length },
        { userId: bob.id, name: 'Guest', credits: 4, tasks: 1 },
      ]),
    );
    expect(spend).toHaveLength(2);
  });
});

describe('canvas tasks without in-process workers', () => {
  let t: TestApp;
  let owner: TestUser;
  let projectId: string;
  let notify: pg.Pool;

  beforeAll(async () => {
    t = await buildTestApp({ config: { workerConcurrency: 0 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signInAnonymously(t.app);
    projectId = await seedProject(t.database.db, owner.id);
    notify = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 })
    // An idle client cut by the server (a dropped database, a terminated backend) must not crash the test process.
    .on('error', () => undefined);
  });
  afterAll(async () => {
    closeAll();
    await notify?.end();
    await t?.close();
  });

  const generate = (prompt: string) => call(t, owner, 'canvas.generate', { projectId, kind: 'text_to_image', input: { prompt }, placement: PLACEMENT });

  it('takes the placeholder away again when the task is refused, and marks a canceled one', async () => {
    const doc = await openDoc(t, projectId, owner);
    const before = await creditSummary(t.app, owner.cookie);
    const first = (await generate('first in line')).body.result.data as { taskId: string; nodeId: string };
    const second = (await generate('second in line')).body.result.data as { taskId: string; nodeId: string };
    const third = await generate('one too many');
    expect(third.status).toBe(429);
    await waitUntil(() => nodeOf(doc, second.nodeId) !== undefined, 10_000, 'the second placeholder');
    // Only the two accepted requests are on the canvas.
    expect(readNodes(doc.doc).filter((node) => node.type === 'placeholder')).toHaveLength(2);

    const canceled = await call(t, owner, 'task.cancel', { id: first.taskId });
    expect(canceled.body.result.data.status).toBe('canceled');
    const marked = await waitForNode(doc, first.nodeId, (node) => node.type === 'placeholder' && node.status === 'failed', 'the canceled placeholder');
    expect(marked).toMatchObject({ error: { code: 'CANCELED', message: 'Canceled' } });
    expect((await creditSummary(t.app, owner.cookie)).used - before.used).toBe(4);
    await call(t, owner, 'task.cancel', { id: second.taskId });
    doc.close();
  });

  it("writes a separate worker process's result through the relayed event", async () => {
    const doc = await openDoc(t, projectId, owner);
    const { taskId, nodeId } = (await generate('relayed sunrise')).body.result.data as { taskId: string; nodeId: string };
    // A worker process: no sockets and no collaboration server, its events go through Postgres.
    const relay = new Realtime();
    relay.useRelay(pgPublisher(notify), () => {});
    const pool = createWorkerPool({ db: t.database.db, realtime: relay, storage: t.app.services.storage }, t.app.log, {
      concurrency: 1,
      providers: [flatImageProvider()],
      workerId: 'worker-process',
    });
    pool.start();
    try {
      await waitForNode(doc, nodeId, (node) => node.type === 'image', 'the relayed result');
    } finally {
      await pool.stop();
    }
    expect(await appliedAt(t, taskId)).not.toBeNull();
    doc.close();
  });

  it('writes results it missed when the project document loads', async () => {
    const { taskId, nodeId } = (await generate('missed while away')).body.result.data as { taskId: string; nodeId: string };
    // Nobody has the document open (it is unloaded); a worker finishes the task and nothing
    // tells this node (a crash, a restart, a lost notification).
    const collab = t.app.services.collab;
    if (!(collab instanceof CollabServer)) throw new Error('no collaboration server');
    await waitUntil(() => !collab.hocuspocus.documents.has(projectId), 10_000, 'the document to unload');
    const pool = createWorkerPool(t.app.services, t.app.log, { concurrency: 1, providers: [flatImageProvider()], workerId: 'silent-worker' });
    pool.start();
    try {
      await waitUntil(async () => (await t.app.services.db.select({ status: generationTasks.status }).from(generationTasks).where(eq(generationTasks.id, taskId)))[0]?.status === 'succeeded', 15_000, 'the task');
    } finally {
      await pool.stop();
    }
    expect(await appliedAt(t, taskId)).toBeNull();

    const doc = await openDoc(t, projectId, owner);
    const node = await waitForNode(doc, nodeId, (n) => n.type === 'image', 'the reconciled result');
    expect(node).toMatchObject({ type: 'image', generation: { taskId, prompt: 'missed while away' } });
    expect(await appliedAt(t, taskId)).not.toBeNull();
    doc.close();
  });
});
