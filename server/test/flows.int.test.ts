/**
 * Flows on a shared canvas (issue 24), end to end: a flow drawn in the project document runs
 * through the real task queue (holds, refunds, the exactly-once outcome write), one step fails
 * and blocks only what is below it, and after a co-editor changes that step a second run makes
 * only the changed step and its descendant — re-using the unchanged results and charging only
 * what it re-ran. Providers are stand-ins at the system's edge.
 */
import { flowRuns, generationTasks, planCatalogue } from '@tessera/db/schema';
import { connect, readRuns, updateFlowNode, writeFlowNode } from '@tessera/shared/flows/document';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import { sweepFlowRuns } from '../src/modules/flows/flows.service.ts';
import { closeCollabClients, type CollabClient, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import { buildTestApp, creditSummary, rpc, signInAnonymously, signUpTestUser, type TestApp, type TestUser } from './harness.ts';
import { flowRunStatus, waitForFlowRun } from './flowRuns.ts';

/** Makes a small image for every kind; a prompt starting with "doomed" fails like a broken model. */
const standIn: GenerationProvider = {
  name: 'flow stand-in',
  supports: () => true,
  async run(task, ctx) {
    ctx.reportProgress(50, 'rendering');
    if (String((task.input as { prompt?: unknown }).prompt ?? '').startsWith('doomed')) throw new Error('model exploded');
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
    return [{ data, contentType: 'image/png', mediaType: 'image', width: 64, height: 48 }];
  },
};

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let viewer: TestUser;
let projectId: string;
let aliceDoc: CollabClient;
let bobDoc: CollabClient;

const estimate = (user: TestUser, scope: unknown) => rpc(t.app, user.cookie, 'flow.estimate', { projectId, scope }, 'GET');
const run = (user: TestUser, scope: unknown, expectedCost: number) => rpc(t.app, user.cookie, 'flow.run', { projectId, scope, expectedCost });
const remaining = async (user: TestUser) => (await creditSummary(t.app, user.cookie)).remaining;

const runStatus = (runId: string) => flowRunStatus(t.database.db, runId);
const waitForRun = (runId: string) => waitForFlowRun(t.database.db, runId);

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2 }, providers: [standIn] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await signUpTestUser(t.app);
  bob = await signUpTestUser(t.app);
  viewer = await signInAnonymously(t.app);
  projectId = await seedProject(t.database.db, alice.id, [
    { userId: bob.id, role: 'editor' },
    { userId: viewer.id, role: 'viewer' },
  ]);
  aliceDoc = connectCollab(t.app, projectId, alice.cookie);
  bobDoc = connectCollab(t.app, projectId, bob.cookie);
  await Promise.all([aliceDoc.synced, bobDoc.synced]);
});
afterAll(async () => {
  closeCollabClients();
  await t?.close();
});

describe('a flow run by the server, seen by every collaborator', () => {
  let firstRun = '';

  it('prices a drawn flow by its steps and refuses a price the person did not see', async () => {
    const doc = aliceDoc.doc;
    doc.transact(() => {
      writeFlowNode(doc, { id: 'p', type: 'input', port: 'text', value: 'a lighthouse at dusk', x: 0, y: 0 });
      writeFlowNode(doc, { id: 's1', type: 'step', kind: 'text_to_image', settings: { aspectRatio: '1:1' }, x: 300, y: 0 });
      writeFlowNode(doc, { id: 's2', type: 'step', kind: 'image_to_image', settings: { prompt: 'doomed watercolour variant' }, x: 600, y: 0 });
      writeFlowNode(doc, { id: 's3', type: 'step', kind: 'upscale', settings: { scale: 2, mode: 'quality' }, x: 900, y: 0 });
      writeFlowNode(doc, { id: 's4', type: 'step', kind: 'background_remover', settings: {}, x: 600, y: 300 });
    });
    expect(connect(doc, { id: 'e1', from: 'p', to: 's1', toPort: 'prompt' })).toBeNull();
    expect(connect(doc, { id: 'e2', from: 's1', to: 's2', toPort: 'image' })).toBeNull();
    expect(connect(doc, { id: 'e3', from: 's2', to: 's3', toPort: 'image' })).toBeNull();
    expect(connect(doc, { id: 'e4', from: 's1', to: 's4', toPort: 'image' })).toBeNull();
    await waitUntil(() => Object.keys(bobDoc.doc.getMap('flowNodes').toJSON()).length === 5, 5000, 'the flow to reach Bob');

    const res = await estimate(alice, { kind: 'all' });
    expect(res.status).toBe(200);
    const plan = res.body.result.data;
    expect(plan).toMatchObject({ run: ['s1', 's2', 's3', 's4'], reuse: [], cost: 4 + 4 + 3 + 2, issues: [] });
    expect(plan.steps.map((s: { stepId: string; jobs: number; cost: number }) => [s.stepId, s.jobs, s.cost])).toEqual([
      ['s1', 1, 4],
      ['s2', 1, 4],
      ['s3', 1, 3],
      ['s4', 1, 2],
    ]);
    const wrong = await run(alice, { kind: 'all' }, 5);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.data.appCode ?? wrong.body.error.message).toBeTruthy();
    expect(wrong.body.error.message).toBe('The price of this run changed. Check it and confirm again.');
    expect(await t.database.db.select().from(flowRuns)).toHaveLength(0);
  });

  it('a viewer cannot run it', async () => {
    const res = await run(viewer, { kind: 'all' }, 13);
    expect(res.status).toBe(403);
  });

  it('runs it: a failed step blocks only its descendant; the other branch goes on; the failure is refunded', async () => {
    const before = await remaining(alice);
    const res = await run(alice, { kind: 'all' }, 13);
    expect(res.status).toBe(200);
    firstRun = res.body.result.data.runId;
    expect(await waitForRun(firstRun)).toBe('failed');

    // Bob's copy of the document shows every step's outcome, written by the server.
    await waitUntil(() => readRuns(bobDoc.doc).s3?.status === 'failed', 5000, 'the blocked step to reach Bob');
    const runs = readRuns(bobDoc.doc);
    expect(runs.s1).toMatchObject({ status: 'succeeded', runId: firstRun, jobs: 1 });
    expect(runs.s1?.outputs).toHaveLength(1);
    expect(runs.s4, JSON.stringify(runs.s4)).toMatchObject({ status: 'succeeded', runId: firstRun });
    expect(runs.s2).toMatchObject({ status: 'failed', runId: firstRun, outputs: [] });
    expect(runs.s3).toMatchObject({ status: 'failed', error: { code: 'FLOW_BLOCKED' } });
    expect(runs.s3?.taskIds).toEqual([]);
    // Charged for the two steps that made something: 4 + 2.
    await waitUntil(async () => (await remaining(alice)) === before - 6, 5000, 'the refund of the failed step');
  });

  it('after a co-editor changes the failed step, a new run re-uses what did not change and charges only what it re-ran', async () => {
    const s1Task = readRuns(aliceDoc.doc).s1?.taskIds[0];
    updateFlowNode(bobDoc.doc, 's2', { settings: { prompt: 'a brighter watercolour variant' } });
    await waitUntil(() => JSON.stringify(aliceDoc.doc.getMap('flowNodes').toJSON()).includes('brighter'), 5000, 'the change to reach Alice');

    const res = await estimate(bob, { kind: 'all' });
    expect(res.body.result.data).toMatchObject({ run: ['s2', 's3'], reuse: ['s1'], cost: 4 + 3, issues: [] });
    const aliceBefore = await remaining(alice);
    const bobBefore = await remaining(bob);
    const started = await run(bob, { kind: 'all' }, 7);
    expect(started.status).toBe(200);
    expect(await waitForRun(started.body.result.data.runId)).toBe('succeeded');

    const runs = readRuns(aliceDoc.doc);
    expect(runs.s2).toMatchObject({ status: 'succeeded', runId: started.body.result.data.runId });
    expect(runs.s3).toMatchObject({ status: 'succeeded', runId: started.body.result.data.runId });
    // The unchanged steps kept their results and were not run again.
    expect(runs.s1?.taskIds).toEqual([s1Task]);
    expect(runs.s4?.runId).toBe(firstRun);
    // s2 was made from s1's result; the task input names it.
    const [s2Task] = await t.database.db.select({ input: generationTasks.input, userId: generationTasks.userId }).from(generationTasks).where(eq(generationTasks.id, runs.s2!.taskIds[0]!));
    expect(s2Task).toMatchObject({ userId: bob.id, input: { image: runs.s1!.outputs[0] } });
    // Bob paid for what he ran; Alice paid nothing more.
    await waitUntil(async () => (await remaining(bob)) === bobBefore - 7, 5000, "Bob's charge");
    expect(await remaining(alice)).toBe(aliceBefore);
    // Nothing is left to run.
    expect((await estimate(alice, { kind: 'all' })).body.result.data).toMatchObject({ run: [], cost: 0 });
  });

  it("fans out: three seeds make three results, and the step below runs once per result — beyond the plan's two tasks at once", async () => {
    const fanProject = await seedProject(t.database.db, alice.id, [], 'Fan-out');
    const client = connectCollab(t.app, fanProject, alice.cookie);
    await client.synced;
    const doc = client.doc;
    doc.transact(() => {
      writeFlowNode(doc, { id: 'p', type: 'input', port: 'text', value: 'a paper boat', x: 0, y: 0 });
      writeFlowNode(doc, { id: 'imgs', type: 'step', kind: 'text_to_image', settings: { seed: 7 }, variations: { seeds: 3 }, x: 300, y: 0 });
      writeFlowNode(doc, { id: 'ups', type: 'step', kind: 'upscale', settings: { scale: 2, mode: 'fast' }, x: 600, y: 0 });
    });
    expect(connect(doc, { id: 'a', from: 'p', to: 'imgs', toPort: 'prompt' })).toBeNull();
    expect(connect(doc, { id: 'b', from: 'imgs', to: 'ups', toPort: 'image' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const plan = (await rpc(t.app, alice.cookie, 'flow.estimate', { projectId: fanProject, scope: { kind: 'all' } }, 'GET')).body.result.data;
    expect(plan.steps.map((s: { stepId: string; jobs: number; cost: number }) => [s.stepId, s.jobs, s.cost])).toEqual([
      ['imgs', 3, 12],
      ['ups', 3, 3],
    ]);
    const before = await remaining(alice);
    const res = await rpc(t.app, alice.cookie, 'flow.run', { projectId: fanProject, scope: { kind: 'all' }, expectedCost: 15 });
    expect(res.status).toBe(200);
    expect(await waitForRun(res.body.result.data.runId)).toBe('succeeded');
    await waitUntil(() => readRuns(doc).ups?.status === 'succeeded', 5000, 'the upscales to reach the document');
    const runs = readRuns(doc);
    expect(runs.imgs).toMatchObject({ jobs: 3 });
    expect(runs.imgs?.outputs).toHaveLength(3);
    expect(runs.ups?.outputs).toHaveLength(3);
    // Each upscale was made from a different one of the three images.
    const inputs = await t.database.db
      .select({ input: generationTasks.input })
      .from(generationTasks)
      .where(eq(generationTasks.flowRunId, res.body.result.data.runId));
    const upscaled = inputs.map((r) => (r.input as { image?: string; seed?: number })).filter((i) => i.image);
    expect(new Set(upscaled.map((i) => i.image))).toEqual(new Set(runs.imgs!.outputs));
    expect(inputs.map((r) => (r.input as { seed?: number }).seed).filter((seed) => seed !== undefined).sort()).toEqual([7, 8, 9]);
    await waitUntil(async () => (await remaining(alice)) === before - 15, 5000, 'the charge of 15');
  });

  it('a hiccup while starting its steps: the run is recorded and answered, and the sweep carries it on', async () => {
    const hiccupProject = await seedProject(t.database.db, alice.id, [], 'Hiccup');
    const client = connectCollab(t.app, hiccupProject, alice.cookie);
    await client.synced;
    client.doc.transact(() => {
      writeFlowNode(client.doc, { id: 'p', type: 'input', port: 'text', value: 'a red kite', x: 0, y: 0 });
      writeFlowNode(client.doc, { id: 's', type: 'step', kind: 'text_to_image', settings: {}, x: 300, y: 0 });
    });
    expect(connect(client.doc, { id: 'e', from: 'p', to: 's', toPort: 'prompt' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The document write of the run's first advance fails once (the second write of the request).
    const collab = t.app.services.collab!;
    const transact = collab.transact.bind(collab);
    let calls = 0;
    collab.transact = async (id, change) => {
      calls += 1;
      if (id === hiccupProject && calls === 2) throw new Error('document store hiccup');
      return transact(id, change);
    };
    let res;
    try {
      res = await rpc(t.app, alice.cookie, 'flow.run', { projectId: hiccupProject, scope: { kind: 'all' }, expectedCost: 4 });
    } finally {
      collab.transact = transact;
    }
    expect(res.status).toBe(200);
    const runId = res.body.result.data.runId as string;
    expect(await runStatus(runId)).toBe('running');
    expect(readRuns(client.doc).s).toBeUndefined();
    // The sweep (every node, every FLOW_SWEEP_MS) advances it; here it is called at once.
    await sweepFlowRuns(t.app.services, new Date(Date.now() + 60_000));
    expect(await waitForRun(runId)).toBe('succeeded');
    await waitUntil(() => readRuns(client.doc).s?.status === 'succeeded', 5000, 'the step to reach the document');
  });

  it('refuses a flow with a broken wire written around the rules', async () => {
    aliceDoc.doc.getMap('flowEdges').set('bad', { id: 'bad', from: 's4', to: 's3', toPort: 'prompt' });
    const res = await estimate(alice, { kind: 'all' });
    expect(res.body.result.data.issues.map((i: { code: string }) => i.code)).toEqual(['unknown_port']);
    await waitUntil(async () => (await estimate(alice, { kind: 'all' })).body.result.data.issues.length === 1, 5000, 'the broken wire to reach the server');
    expect((await run(alice, { kind: 'all' }, 0)).status).toBe(400);
    aliceDoc.doc.getMap('flowEdges').delete('bad');
  });
});

describe('many outcomes at once', () => {
  it("eight jobs finishing together advance their run without starving the database pool (the test app's pool holds 5)", async () => {
    // Every job waits until eight are running, then all finish at once: eight outcomes, eight advances of one run.
    const width = 8;
    let held: (() => void)[] = [];
    const together: GenerationProvider = {
      name: 'together',
      supports: () => true,
      async run(_task, ctx) {
        ctx.reportProgress(50, 'rendering');
        await new Promise<void>((release) => {
          held.push(release);
          if (held.length >= width) {
            for (const go of held) go();
            held = [];
          }
        });
        const data = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#22aa66' } }).png().toBuffer();
        return [{ data, contentType: 'image/png', mediaType: 'image', width: 32, height: 32 }];
      },
    };
    const wide = await buildTestApp({ config: { workerConcurrency: width }, providers: [together] });
    try {
      await wide.app.listen({ port: 0, host: '127.0.0.1' });
      await wide.database.db.update(planCatalogue).set({ parallelTasks: width });
      const owner = await signUpTestUser(wide.app);
      const project = await seedProject(wide.database.db, owner.id, [], 'Wide');
      const client = connectCollab(wide.app, project, owner.cookie);
      await client.synced;
      client.doc.transact(() => {
        writeFlowNode(client.doc, { id: 'p', type: 'input', port: 'text', value: 'a field of tulips', x: 0, y: 0 });
        writeFlowNode(client.doc, { id: 'imgs', type: 'step', kind: 'text_to_image', settings: {}, variations: { seeds: width }, x: 300, y: 0 });
        writeFlowNode(client.doc, { id: 'ups', type: 'step', kind: 'upscale', settings: { scale: 2, mode: 'fast' }, x: 600, y: 0 });
      });
      expect(connect(client.doc, { id: 'a', from: 'p', to: 'imgs', toPort: 'prompt' })).toBeNull();
      expect(connect(client.doc, { id: 'b', from: 'imgs', to: 'ups', toPort: 'image' })).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const price = (await rpc(wide.app, owner.cookie, 'flow.estimate', { projectId: project, scope: { kind: 'all' } }, 'GET')).body.result.data.cost;
      const res = await rpc(wide.app, owner.cookie, 'flow.run', { projectId: project, scope: { kind: 'all' }, expectedCost: price });
      expect(res.status).toBe(200);
      const runId = res.body.result.data.runId as string;
      expect(await waitForFlowRun(wide.database.db, runId)).toBe('succeeded');
      await waitUntil(() => readRuns(client.doc).ups?.status === 'succeeded', 5000, 'the upscales in the document');
      expect(readRuns(client.doc).ups?.outputs).toHaveLength(width);
    } finally {
      await wide.close();
    }
  });
});
