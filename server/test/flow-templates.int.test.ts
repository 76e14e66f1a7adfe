/**
 * Flow templates (issue 24, item 5), end to end on real PostgreSQL and the real collaboration
 * server: a flow that ran is saved with and without its media, in part, shared with the
 * project's members only, published to the explore feed and taken back, inserted into another
 * person's project with new ids, and started as a new project that runs through the real queue
 * at the price shown. The model provider is a stand-in at the system's edge.
 */
import { flowTemplates, generationTasks, projectMedia, projects, users } from '@tessera/db/schema';
import { validateFlow } from '@tessera/shared/flows';
import { asGraphNode, connect, readFlow, readRuns, updateFlowNode, writeFlowNode } from '@tessera/shared/flows/document';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationProvider } from '../src/generation/providers/provider.ts';
import { closeCollabClients, type CollabClient, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import { buildTestApp, creditSummary, rpc, signInAnonymously, signUpTestUser, type TestApp, type TestUser } from './harness.ts';
import { waitForFlowRun } from './flowRuns.ts';

/** Makes a small image for every kind. */
const standIn: GenerationProvider = {
  name: 'template stand-in',
  supports: () => true,
  async run(_task, ctx) {
    ctx.reportProgress(50, 'rendering');
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } }).png().toBuffer();
    return [{ data, contentType: 'image/png', mediaType: 'image', width: 64, height: 48 }];
  },
};

interface Summary {
  id: string;
  name: string;
  visibility: string;
  mine: boolean;
  steps: number;
  kinds: string[];
  output: string;
  inputs: { id: string; port: string; name: string | null; value: string | null }[];
  withMedia: boolean;
  preview: { url: string; mediaType: string } | null;
  uses: number;
  graph: { nodes: { id: string; type: string; x: number; y: number; value?: string | null }[]; edges: { id: string; from: string; to: string; toPort: string }[] };
}

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let viewer: TestUser;
let carol: TestUser;
let projectId: string;
let aliceDoc: CollabClient;
/** A result of Carol's own (made when she starts a template), private to her. */
let carolResult = '';

const call = async (user: TestUser | null, path: string, input: unknown, method: 'GET' | 'POST' = 'POST') => rpc(t.app, user?.cookie ?? null, path, input, method);
const data = <T = Summary>(res: { body: { result?: { data: unknown } } }) => res.body.result?.data as T;
const remaining = async (user: TestUser) => (await creditSummary(t.app, user.cookie)).remaining;

const waitForRun = (runId: string) => waitForFlowRun(t.database.db, runId);

async function projectsOf(userId: string) {
  return t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, userId));
}

beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2 }, providers: [standIn] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await signUpTestUser(t.app);
  bob = await signUpTestUser(t.app);
  viewer = await signUpTestUser(t.app);
  carol = await signUpTestUser(t.app);
  projectId = await seedProject(t.database.db, alice.id, [
    { userId: bob.id, role: 'editor' },
    { userId: viewer.id, role: 'viewer' },
  ]);
  aliceDoc = connectCollab(t.app, projectId, alice.cookie);
  await aliceDoc.synced;

  // A prompt makes a picture that is then upscaled; it runs once, so it has results to keep.
  const doc = aliceDoc.doc;
  doc.transact(() => {
    writeFlowNode(doc, { id: 'p', type: 'input', port: 'text', value: 'a lighthouse at dusk', name: 'Subject', x: 100, y: 200 });
    writeFlowNode(doc, { id: 's1', type: 'step', kind: 'text_to_image', settings: { aspectRatio: '1:1' }, x: 400, y: 150 });
    writeFlowNode(doc, { id: 's2', type: 'step', kind: 'upscale', settings: { scale: 2, mode: 'quality' }, x: 700, y: 150 });
  });
  expect(connect(doc, { id: 'e1', from: 'p', to: 's1', toPort: 'prompt' })).toBeNull();
  expect(connect(doc, { id: 'e2', from: 's1', to: 's2', toPort: 'image' })).toBeNull();
  const price = data<{ cost: number }>(await call(alice, 'flow.estimate', { projectId, scope: { kind: 'all' } }, 'GET')).cost;
  const started = await call(alice, 'flow.run', { projectId, scope: { kind: 'all' }, expectedCost: price });
  expect(started.status).toBe(200);
  expect(await waitForRun(data<{ runId: string }>(started).runId)).toBe('succeeded');
  await waitUntil(() => readRuns(aliceDoc.doc).s2?.status === 'succeeded', 5000, 'the upscale in the document');
});
afterAll(async () => {
  closeCollabClients();
  await t?.close();
});

describe('saving a flow as a template', () => {
  it('without media: the inputs are emptied, positions start at the top-left, no preview and no samples', async () => {
    const res = await call(alice, 'flowTemplate.create', { projectId, name: 'Lighthouse, upscaled', description: 'Prompt to picture to 2×' });
    expect(res.status).toBe(200);
    const template = data(res);
    expect(template).toMatchObject({ name: 'Lighthouse, upscaled', visibility: 'project', mine: true, steps: 2, kinds: ['text_to_image', 'upscale'], output: 'image', withMedia: false, preview: null, uses: 0 });
    expect(template.inputs).toEqual([{ id: 'p', port: 'text', name: 'Subject', value: null }]);
    const byId = new Map(template.graph.nodes.map((n) => [n.id, n]));
    expect(byId.get('p')).toMatchObject({ x: 0, y: 50, value: null });
    expect(byId.get('s1')).toMatchObject({ x: 300, y: 0 });
    expect(template.graph.edges).toHaveLength(2);
    const [row] = await t.database.db.select({ sampleKeys: flowTemplates.sampleKeys }).from(flowTemplates).where(eq(flowTemplates.id, template.id));
    expect(row?.sampleKeys).toEqual([]);
  });

  it('with media: the inputs keep their values and the last result is the preview, readable through its signed link', async () => {
    const res = await call(alice, 'flowTemplate.create', { projectId, name: 'Lighthouse with samples', withMedia: true });
    expect(res.status).toBe(200);
    const template = data(res);
    const upscaled = readRuns(aliceDoc.doc).s2!.outputs[0]!;
    expect(template.withMedia).toBe(true);
    expect(template.inputs).toEqual([{ id: 'p', port: 'text', name: 'Subject', value: 'a lighthouse at dusk' }]);
    expect(template.preview?.mediaType).toBe('image');
    expect(template.preview?.url).toContain(`/api/media/${upscaled}?exp=`);
    const [row] = await t.database.db.select({ sampleKeys: flowTemplates.sampleKeys }).from(flowTemplates).where(eq(flowTemplates.id, template.id));
    expect(row?.sampleKeys).toEqual([upscaled]);
    // Anyone holding the card's link sees the picture, without a session.
    const preview = await t.app.inject({ method: 'GET', url: new URL(template.preview!.url).pathname + new URL(template.preview!.url).search });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
  });

  it('a selection keeps only the chosen nodes and the edges between them', async () => {
    const res = await call(bob, 'flowTemplate.create', { projectId, name: 'Just the upscale chain', nodeIds: ['s1', 's2'] });
    expect(res.status).toBe(200);
    const template = data(res);
    expect(template.graph.nodes.map((n) => n.id).sort()).toEqual(['s1', 's2']);
    expect(template.graph.edges).toEqual([{ id: 'e2', from: 's1', to: 's2', toPort: 'image' }]);
    expect(template.graph.nodes.find((n) => n.id === 's1')).toMatchObject({ x: 0, y: 0 });
    expect(template.inputs).toEqual([]);
    expect(template.mine).toBe(true);
  });

  it('refuses a selection without a step', async () => {
    const res = await call(alice, 'flowTemplate.create', { projectId, name: 'Only a prompt', nodeIds: ['p'] });
    expect(res.status).toBe(400);
    expect(res.body.error.data.appCode).toBe('FLOW_INVALID');
  });

  it('a viewer of the project cannot save its flow', async () => {
    const res = await call(viewer, 'flowTemplate.create', { projectId, name: 'Not mine to save' });
    expect(res.status).toBe(403);
    expect(res.body.error.data.appCode).toBe('PROJECT_READ_ONLY');
  });
});

describe('who sees a template', () => {
  it("members list the project's templates; an outsider gets not found for the list and for each template", async () => {
    const forBob = data<Summary[]>(await call(bob, 'flowTemplate.list', { projectId }, 'GET'));
    expect(forBob.map((s) => s.name).sort()).toEqual(['Just the upscale chain', 'Lighthouse with samples', 'Lighthouse, upscaled']);
    expect(forBob.filter((s) => s.mine).map((s) => s.name)).toEqual(['Just the upscale chain']);
    const forViewer = await call(viewer, 'flowTemplate.list', { projectId }, 'GET');
    expect(data<Summary[]>(forViewer)).toHaveLength(3);

    const list = await call(carol, 'flowTemplate.list', { projectId }, 'GET');
    expect(list.status).toBe(404);
    const one = forBob[0]!;
    for (const res of [await call(carol, 'flowTemplate.get', { templateId: one.id }, 'GET'), await call(null, 'flowTemplate.get', { templateId: one.id }, 'GET')]) {
      expect(res.status).toBe(404);
      expect(res.body.error.data.appCode).toBe('FLOW_TEMPLATE_NOT_FOUND');
      expect(res.body.error.message).toBe('Flow template not found.');
    }
  });

  it('only the owner renames, publishes or deletes it', async () => {
    const mine = data<Summary[]>(await call(alice, 'flowTemplate.list', { projectId }, 'GET')).find((s) => s.name === 'Lighthouse, upscaled')!;
    expect((await call(bob, 'flowTemplate.publish', { templateId: mine.id, published: true })).status).toBe(403);
    expect((await call(bob, 'flowTemplate.remove', { templateId: mine.id })).status).toBe(403);
    const renamed = await call(alice, 'flowTemplate.update', { templateId: mine.id, name: 'Lighthouse, 2×' });
    expect(data(renamed).name).toBe('Lighthouse, 2×');
    // Showing it to everyone needs a verified e-mail, as publishing a creation does.
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, alice.id));
    const unverified = await call(alice, 'flowTemplate.publish', { templateId: mine.id, published: true });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, alice.id));
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.data.appCode).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('the explore feed', () => {
  let extra: string;

  it('lists published templates to anyone, filtered by what they make, page by page', async () => {
    const all = data<Summary[]>(await call(alice, 'flowTemplate.list', { projectId }, 'GET'));
    const selection = all.find((s) => s.name === 'Just the upscale chain')!;
    for (const s of all.filter((s) => s.name !== 'Just the upscale chain')) {
      expect((await call(alice, 'flowTemplate.publish', { templateId: s.id, published: true })).status).toBe(200);
    }
    expect((await call(bob, 'flowTemplate.publish', { templateId: selection.id, published: true })).status).toBe(200);
    extra = selection.id;

    const first = data<{ items: Summary[]; nextCursor: string | null }>(await call(null, 'flowTemplate.explore', { sort: 'new', limit: 2 }, 'GET'));
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!.id).toBe(selection.id);
    expect(first.nextCursor).not.toBeNull();
    const second = data<{ items: Summary[]; nextCursor: string | null }>(await call(null, 'flowTemplate.explore', { sort: 'new', limit: 2, cursor: first.nextCursor }, 'GET'));
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(3);
    expect([...first.items, ...second.items].every((s) => s.visibility === 'public' && !s.mine)).toBe(true);

    expect(data<{ items: Summary[] }>(await call(null, 'flowTemplate.explore', { output: 'image' }, 'GET')).items).toHaveLength(3);
    expect(data<{ items: Summary[] }>(await call(null, 'flowTemplate.explore', { output: 'video' }, 'GET')).items).toHaveLength(0);
    // A published template opens for anyone now.
    expect((await call(carol, 'flowTemplate.get', { templateId: selection.id }, 'GET')).status).toBe(200);
  });

  it('taking one back removes it from the feed and from outsiders', async () => {
    expect((await call(bob, 'flowTemplate.publish', { templateId: extra, published: false })).status).toBe(200);
    const page = data<{ items: Summary[] }>(await call(null, 'flowTemplate.explore', { sort: 'popular' }, 'GET'));
    expect(page.items.map((s) => s.id)).not.toContain(extra);
    expect(page.items).toHaveLength(2);
    expect((await call(carol, 'flowTemplate.get', { templateId: extra }, 'GET')).status).toBe(404);
  });
});

describe('using a template', () => {
  let samples: Summary;
  let plain: Summary;

  beforeAll(async () => {
    const page = data<{ items: Summary[] }>(await call(null, 'flowTemplate.explore', {}, 'GET'));
    samples = page.items.find((s) => s.withMedia)!;
    plain = page.items.find((s) => !s.withMedia)!;
  });

  it("inserts into another person's project with new ids, a valid graph and its sample media recorded; counts a use", async () => {
    const carolProject = await seedProject(t.database.db, carol.id, [{ userId: viewer.id, role: 'viewer' }], "Carol's");
    const res = await call(carol, 'flowTemplate.insert', { templateId: samples.id, projectId: carolProject, at: { x: 1000, y: 500 } });
    expect(res.status).toBe(200);
    const { nodeIds } = data<{ nodeIds: string[] }>(res);
    expect(nodeIds).toHaveLength(3);
    expect(nodeIds.some((id) => ['p', 's1', 's2'].includes(id))).toBe(false);

    const client = connectCollab(t.app, carolProject, carol.cookie);
    await client.synced;
    const flow = readFlow(client.doc);
    expect(flow.nodes.map((n) => n.id).sort()).toEqual([...nodeIds].sort());
    expect(flow.edges).toHaveLength(2);
    expect(flow.edges.every((e) => nodeIds.includes(e.from) && nodeIds.includes(e.to))).toBe(true);
    expect(validateFlow({ nodes: flow.nodes.map(asGraphNode), edges: flow.edges })).toEqual([]);
    expect(flow.nodes.find((n) => n.type === 'input')).toMatchObject({ x: 1000, y: 550, value: 'a lighthouse at dusk' });

    const recorded = await t.database.db.select({ key: projectMedia.mediaKey }).from(projectMedia).where(eq(projectMedia.projectId, carolProject));
    const upscaled = readRuns(aliceDoc.doc).s2!.outputs[0]!;
    expect(recorded.map((r) => r.key)).toContain(upscaled);
    // So Carol's project members can open Alice's sample.
    const file = await t.app.inject({ method: 'GET', url: `/api/media/${upscaled}`, headers: { cookie: viewer.cookie } });
    expect(file.statusCode).toBe(200);
    expect(data(await call(carol, 'flowTemplate.get', { templateId: samples.id }, 'GET')).uses).toBe(1);

    // A viewer of that project cannot insert into it.
    const refused = await call(viewer, 'flowTemplate.insert', { templateId: samples.id, projectId: carolProject });
    expect(refused.status).toBe(403);
  });

  it('refuses values that are not inputs of the template, or not plain text, with the issues', async () => {
    const res = await call(carol, 'flowTemplate.start', { templateId: plain.id, inputs: { p: 'bell\u0007', nope: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.data.appCode, JSON.stringify(res.body)).toBe('INCORRECT_PARAMETER');
    expect(res.body.error.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['inputs.nope', 'inputs.p']);
  });

  it("refuses an image input the caller may not use (someone else's private result)", async () => {
    const doc = aliceDoc.doc;
    doc.transact(() => {
      writeFlowNode(doc, { id: 'img', type: 'input', port: 'image', value: null, x: 100, y: 600 });
      writeFlowNode(doc, { id: 'cut', type: 'step', kind: 'background_remover', settings: {}, x: 400, y: 600 });
    });
    expect(connect(doc, { id: 'e3', from: 'img', to: 'cut', toPort: 'image' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cutout = data(await call(bob, 'flowTemplate.create', { projectId, name: 'Cut-out', nodeIds: ['img', 'cut'] }));
    expect(cutout.inputs).toEqual([{ id: 'img', port: 'image', name: null, value: null }]);
    const upscaled = readRuns(aliceDoc.doc).s2!.outputs[0]!;
    // Alice's result is hers: Bob may not feed it into a template of his outside her project.
    const foreign = await call(bob, 'flowTemplate.estimate', { templateId: cutout.id, inputs: { img: upscaled } }, 'GET');
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.data.issues).toEqual([expect.objectContaining({ path: 'inputs.img', message: 'Image not found.' })]);
    const own = await call(alice, 'flowTemplate.estimate', { templateId: cutout.id, inputs: { img: upscaled } }, 'GET');
    expect(own.status).toBe(200);
    expect(data<{ cost: number; issues: unknown[] }>(own)).toMatchObject({ cost: 2, issues: [] });
  });

  it('a start at a price that is not the current one is refused and leaves no project behind', async () => {
    const before = await projectsOf(carol.id);
    const res = await call(carol, 'flowTemplate.start', { templateId: plain.id, inputs: { p: 'a red kite over the dunes' }, run: { expectedCost: 1 } });
    expect(res.status).toBe(409);
    expect(res.body.error.data.appCode).toBe('FLOW_COST_CHANGED');
    expect(await projectsOf(carol.id)).toHaveLength(before.length);
  });

  it('starts a new project from it with the inputs filled in and runs it through the queue, charging the estimate', async () => {
    const inputs = { p: 'a red kite over the dunes' };
    const estimate = await call(carol, 'flowTemplate.estimate', { templateId: plain.id, inputs }, 'GET');
    expect(estimate.status).toBe(200);
    const price = data<{ cost: number; issues: unknown[] }>(estimate);
    expect(price).toMatchObject({ cost: 4 + 3, issues: [] });
    const before = await remaining(carol);

    const res = await call(carol, 'flowTemplate.start', { templateId: plain.id, inputs, name: 'Kite', run: { expectedCost: price.cost } });
    expect(res.status).toBe(200);
    const { projectId: created, runId } = data<{ projectId: string; runId: string | null }>(res);
    expect(runId).not.toBeNull();
    expect(await waitForRun(runId!)).toBe('succeeded');

    const client = connectCollab(t.app, created, carol.cookie);
    await client.synced;
    await waitUntil(() => Object.values(readRuns(client.doc)).filter((r) => r.status === 'succeeded').length === 2, 5000, 'both steps in the new document');
    const flow = readFlow(client.doc);
    expect(flow.nodes.find((n) => n.type === 'input')).toMatchObject({ value: inputs.p });
    const tasks = await t.database.db.select({ input: generationTasks.input, userId: generationTasks.userId }).from(generationTasks).where(eq(generationTasks.flowRunId, runId!));
    expect(tasks).toHaveLength(2);
    expect(tasks.every((task) => task.userId === carol.id)).toBe(true);
    expect(tasks.map((task) => (task.input as { prompt?: string }).prompt)).toContain(inputs.p);
    await waitUntil(async () => (await remaining(carol)) === before - price.cost, 5000, 'the charge of the estimate');
    const [project] = await t.database.db.select({ name: projects.name, ownerId: projects.ownerId }).from(projects).where(eq(projects.id, created));
    expect(project).toEqual({ name: 'Kite', ownerId: carol.id });
    carolResult = Object.values(readRuns(client.doc)).find((r) => r.outputs.length > 0)!.outputs[0]!;
  });

  it('an anonymous guest can start one too (without running it)', async () => {
    const guest = await signInAnonymously(t.app);
    const res = await call(guest, 'flowTemplate.start', { templateId: plain.id, inputs: {} });
    expect(res.status).toBe(200);
    expect(data<{ runId: string | null }>(res).runId).toBeNull();
  });
});

describe('sample media', () => {
  it('a save with media keeps no file its author may not share', async () => {
    // A key of Carol's pasted into Alice's project: Carol is no member, so it is not Alice's to share.
    updateFlowNode(aliceDoc.doc, 'img', { value: carolResult });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await call(alice, 'flowTemplate.create', { projectId, name: 'Not my picture', withMedia: true, nodeIds: ['img', 'cut'] });
    expect(res.status).toBe(200);
    expect(data(res).inputs).toEqual([{ id: 'img', port: 'image', name: null, value: null }]);
    const [row] = await t.database.db.select({ sampleKeys: flowTemplates.sampleKeys }).from(flowTemplates).where(eq(flowTemplates.id, data(res).id));
    expect(row?.sampleKeys).toEqual([]);
  });

  it("another person's private sample is shown but not run: the price names the input to fill in, and a start with a run is refused", async () => {
    const upscaled = readRuns(aliceDoc.doc).s2!.outputs[0]!;
    updateFlowNode(aliceDoc.doc, 'img', { value: upscaled });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const saved = data(await call(alice, 'flowTemplate.create', { projectId, name: 'Cut-out with a sample', withMedia: true, nodeIds: ['img', 'cut'] }));
    expect(saved.inputs).toEqual([{ id: 'img', port: 'image', name: null, value: upscaled }]);
    expect((await call(alice, 'flowTemplate.publish', { templateId: saved.id, published: true })).status).toBe(200);

    const price = data<{ cost: number; issues: { code: string; id: string }[] }>(await call(carol, 'flowTemplate.estimate', { templateId: saved.id }, 'GET'));
    expect(price.issues).toEqual([expect.objectContaining({ code: 'empty_input', id: 'img' })]);
    const before = await projectsOf(carol.id);
    const refused = await call(carol, 'flowTemplate.start', { templateId: saved.id, run: { expectedCost: price.cost } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data.appCode).toBe('FLOW_INVALID');
    expect(await projectsOf(carol.id)).toHaveLength(before.length);
    // With her own picture instead, it prices cleanly.
    const own = data<{ cost: number; issues: unknown[] }>(await call(carol, 'flowTemplate.estimate', { templateId: saved.id, inputs: { img: carolResult } }, 'GET'));
    expect(own).toMatchObject({ cost: 2, issues: [] });
  });
});

describe('publishing what is not yours', () => {
  it("a teammate's results saved as samples stay in the project: publishing them is refused, saving without media publishes", async () => {
    // Bob edits Alice's project; its results are Alice's. Shared with the project's members, fine.
    const withMedia = data(await call(bob, 'flowTemplate.create', { projectId, name: "Alice's poster, Bob's template", withMedia: true }));
    expect(withMedia.preview).not.toBeNull();
    const refused = await call(bob, 'flowTemplate.publish', { templateId: withMedia.id, published: true });
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.appCode).toBe('FLOW_TEMPLATE_FOREIGN_MEDIA');
    expect(data<{ items: Summary[] }>(await call(null, 'flowTemplate.explore', { sort: 'new' }, 'GET')).items.map((i) => i.id)).not.toContain(withMedia.id);

    const plain = data(await call(bob, 'flowTemplate.create', { projectId, name: "Bob's template, no media" }));
    expect((await call(bob, 'flowTemplate.publish', { templateId: plain.id, published: true })).status).toBe(200);
  });
});

describe('limits', () => {
  it('one person keeps at most 200 templates', async () => {
    const dave = await signUpTestUser(t.app);
    const daveProject = await seedProject(t.database.db, dave.id, [], "Dave's");
    const row = { ownerId: dave.id, projectId: daveProject, name: 'Filler', graph: { nodes: [{ id: 's', type: 'step', kind: 'text_to_image', settings: {}, x: 0, y: 0 }], edges: [] }, output: 'image' };
    await t.database.db.insert(flowTemplates).values(Array.from({ length: 199 }, () => row));
    // At 199 the save goes ahead (and fails only because Dave's flow is empty).
    expect((await call(dave, 'flowTemplate.create', { projectId: daveProject, name: 'One more' })).body.error.data.appCode).toBe('FLOW_INVALID');
    await t.database.db.insert(flowTemplates).values(row);
    const res = await call(dave, 'flowTemplate.create', { projectId: daveProject, name: 'One too many' });
    expect(res.status).toBe(403);
    expect(res.body.error.data.appCode).toBe('FORBIDDEN');
  });
});
