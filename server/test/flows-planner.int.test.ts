/**
 * Agent planning of flows (issue 24) end to end on real PostgreSQL and the collaboration server:
 * `flow.propose` turns a brief with a photo into a flow drawn into the project document — clear
 * of what the canvas shows — that collaborators see and that then prices with no issues; a viewer
 * is refused and a photo they may not use is refused; the OpenAI-compatible planner (a stand-in
 * speaking chat completions) is told the offered kinds, and its invalid answers are repaired
 * (a kind this server does not offer, a wire into a port of another type) or replaced by the
 * offline planner (settings that do not hold), with notes.
 */
import { readNodes, writeNode } from '@tessera/shared/canvas';
import { boxesOverlap } from '@tessera/shared/canvas/placement';
import { type FlowEdge, validateFlow } from '@tessera/shared/flows';
import { type FlowDocNode, readFlow } from '@tessera/shared/flows/document';
import { FLOW_NODE_SIZE, type FlowProposeResult } from '@tessera/shared/flows/plan';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { closeCollabClients, type CollabClient, connectCollab, seedProject, waitUntil } from './collabClient.ts';
import { buildTestApp, rpc, signInAnonymously, signUpTestUser, type TestApp, type TestUser, uploadFile } from './harness.ts';
import { type CompletionMessage, type OpenAiStandIn, startOpenAiStandIn } from './openaiStandIn.ts';

/** The document's flow with its nodes' positions and models. */
type DocFlow = { nodes: readonly FlowDocNode[]; edges: readonly FlowEdge[] };

const KEY = 'sk-flow-planner-test';
let t: TestApp;
let standIn: OpenAiStandIn;
let alice: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
let photoKey: string;
let bobDoc: CollabClient;
/** What the stand-in model answers next. */
let llmAnswer: (messages: CompletionMessage[]) => unknown = () => ({});

const propose = (user: TestUser, input: Record<string, unknown>) => rpc(t.app, user.cookie, 'flow.propose', { projectId, ...input });
const result = (res: { body: { result?: { data: unknown } } }) => res.body.result?.data as FlowProposeResult;

async function serverDoc(): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const state = await t.app.services.collab!.encodeState(projectId);
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

async function upload(user: TestUser): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#cc8844' } }).png().toBuffer();
  return (await uploadFile(t.app, user.cookie, png)).json<{ key: string }>().key;
}

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: KEY, answer: (messages) => llmAnswer(messages) });
  t = await buildTestApp({ config: { openai: { apiKey: KEY, baseUrl: standIn.baseUrl, model: 'test-planner' } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await signUpTestUser(t.app);
  const bob = await signUpTestUser(t.app);
  viewer = await signInAnonymously(t.app);
  stranger = await signUpTestUser(t.app);
  projectId = await seedProject(t.database.db, alice.id, [
    { userId: bob.id, role: 'editor' },
    { userId: viewer.id, role: 'viewer' },
  ]);
  photoKey = await upload(alice);
  // Something on the canvas where Alice is looking: the flow must land beside it.
  await t.app.services.collab!.transact(projectId, (doc) =>
    writeNode(doc, { id: 'photo', type: 'image', src: `/api/media/${photoKey}`, x: -200, y: -150, width: 400, height: 300, rotation: 0, z: 1, parentId: null, locked: false }),
  );
  bobDoc = connectCollab(t.app, projectId, bob.cookie);
  await bobDoc.synced;
});
afterAll(async () => {
  closeCollabClients();
  await t?.close();
  await standIn?.close();
});

describe('flow.propose', () => {
  it('draws a valid flow for a brief with a photo (the offline planner when the model fails), beside the canvas, and it prices with no issues', async () => {
    standIn.mode = 'error';
    const res = await propose(alice, { brief: 'a 15-second product teaser from this photo, with voice-over', imageKey: photoKey, placement: { x: 0, y: 0 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = result(res);
    expect(answer.planner).toBe('local');
    expect(answer.notes.map((n) => n.code)).toEqual(['llm_failed', 'clip_shortened', 'narration_draft', 'lip_sync_face']);
    expect(answer.notes.map((n) => n.message).join(' ')).toMatch(/10-second clip for the 15 asked/);
    expect(answer.notes[1]?.params).toEqual({ max: 10, duration: 10, asked: 15 });
    // The steps drawn, in order, for the chat's summary.
    expect(answer.steps.map((s) => s.kind)).toEqual(['image_to_video', 'lip_sync']);
    expect(answer.steps.every((s) => answer.nodeIds.includes(s.id))).toBe(true);

    const doc = await serverDoc();
    const flow: DocFlow = readFlow(doc);
    expect(flow.nodes.map((n) => n.id).sort()).toEqual([...answer.nodeIds].sort());
    expect(flow.edges.map((e) => e.id).sort()).toEqual([...answer.edgeIds].sort());
    expect(validateFlow(flow)).toEqual([]);
    const steps = flow.nodes.filter((n) => n.type === 'step');
    expect(steps.map((s) => s.kind).sort()).toEqual(['image_to_video', 'lip_sync']);
    expect(steps.find((s) => s.kind === 'image_to_video')?.settings).toMatchObject({ duration: 10 });
    const photo = flow.nodes.find((n) => n.type === 'input' && n.port === 'image');
    expect(photo).toMatchObject({ value: photoKey });
    const animate = steps.find((s) => s.kind === 'image_to_video')!;
    const voice = steps.find((s) => s.kind === 'lip_sync')!;
    expect(flow.edges).toContainEqual(expect.objectContaining({ from: photo!.id, to: animate.id, toPort: 'image' }));
    expect(flow.edges).toContainEqual(expect.objectContaining({ from: animate.id, to: voice.id, toPort: 'video' }));
    // Left to right, clear of the photo on the canvas.
    expect(animate.x).toBeGreaterThan(photo!.x);
    expect(voice.x).toBeGreaterThan(animate.x);
    const canvas = readNodes(doc);
    for (const node of flow.nodes) for (const other of canvas) expect(boxesOverlap({ x: node.x, y: node.y, ...FLOW_NODE_SIZE }, other)).toBe(false);

    // A collaborator sees it, and it prices as drawn.
    await waitUntil(() => readFlow(bobDoc.doc).nodes.length === flow.nodes.length, 5000, 'the proposal to reach Bob');
    const estimate = await rpc(t.app, alice.cookie, 'flow.estimate', { projectId, scope: { kind: 'all' } }, 'GET');
    expect(estimate.body.result.data.issues).toEqual([]);
    expect([...estimate.body.result.data.run].sort()).toEqual([animate.id, voice.id].sort());
    expect(estimate.body.result.data.cost).toBeGreaterThan(0);
  });

  it('refuses a viewer, a stranger and a photo the caller may not use, drawing nothing', async () => {
    standIn.mode = 'ok';
    const before = readFlow(await serverDoc()).nodes.length;
    const asViewer = await propose(viewer, { brief: 'an image of a red fox' });
    expect(asViewer.status).toBe(403);
    expect(asViewer.body.error.data.appCode ?? asViewer.body.error.data.code).toBe('PROJECT_READ_ONLY');
    expect((await propose(stranger, { brief: 'an image of a red fox' })).body.error.data.appCode).toBe('PROJECT_NOT_FOUND');
    const theirs = await upload(stranger);
    const foreign = await propose(alice, { brief: 'a clip from this photo', imageKey: theirs });
    expect(foreign.body.error.data.appCode).toBe('IMAGE_NOT_FOUND');
    expect(readFlow(await serverDoc()).nodes).toHaveLength(before);
    expect(standIn.requests).toHaveLength(1);
  });

  it('repairs an LLM flow with a kind this server does not offer and a wire into a port of another type', async () => {
    llmAnswer = () => ({
      inputs: [
        { id: 'prompt', port: 'text', value: 'a copper kettle on a marble counter, soft morning light' },
        { id: 'photo', port: 'image', value: 'IMAGE' },
      ],
      steps: [
        { id: 'look', kind: 'image_to_image', settings: { style: 'vivid', sparkle: 11 }, model: 'no-such-model' },
        { id: 'move', kind: 'image_to_video', settings: { duration: 5 } },
        { id: 'beam', kind: 'teleport', settings: {} },
      ],
      wires: [
        { from: 'photo', to: 'look', toPort: 'image' },
        { from: 'prompt', to: 'look', toPort: 'prompt' },
        { from: 'look', to: 'move', toPort: 'image' },
        { from: 'look', to: 'move', toPort: 'prompt' },
        { from: 'move', to: 'beam', toPort: 'video' },
      ],
      notes: ['No music was added.'],
    });
    const res = await propose(alice, { brief: 'a kettle ad from this photo', imageKey: photoKey, placement: { x: 0, y: 2000 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = result(res);
    expect(answer.planner).toBe('llm');
    expect(answer.notes[0]).toEqual({ code: 'planner_note', params: { text: 'No music was added.' }, message: 'No music was added.' });
    const notes = answer.notes.map((n) => n.message).join('\n');
    expect(notes).toMatch(/No music was added/);
    expect(notes).toMatch(/beam \(teleport\) was left out/);
    expect(notes).toMatch(/look → move\.prompt was dropped \(type mismatch\)/);
    expect(notes).toMatch(/setting sparkle/);
    expect(notes).toMatch(/no-such-model is not offered/);

    // The model was told what this server offers, derived from the catalogue.
    const system = standIn.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain('- image_to_video → video; ports [prompt:text?, image:image]');
    expect(system).toMatch(/duration\?: one of 5\|10 \(default 5\)/);
    expect(system).not.toContain('video_edit');

    const flow: DocFlow = readFlow(await serverDoc());
    // In the order the answer lists them (the document keeps nodes by id).
    const drawn = answer.nodeIds.map((id) => flow.nodes.find((n) => n.id === id)!);
    expect(drawn.filter((n) => n.type === 'step').map((s) => [s.kind, s.settings, s.model])).toEqual([
      ['image_to_image', { style: 'vivid' }, undefined],
      ['image_to_video', { duration: 5 }, undefined],
    ]);
    expect(answer.edgeIds).toHaveLength(3);
    expect(validateFlow(flow)).toEqual([]);
    const estimate = await rpc(t.app, alice.cookie, 'flow.estimate', { projectId, scope: { kind: 'all' } }, 'GET');
    expect(estimate.body.result.data.issues).toEqual([]);
    expect(estimate.body.result.data.run).toHaveLength(4);
  });

  it('moderates the brief, and replaces an LLM flow whose texts moderation refuses', async () => {
    const blocked = await propose(alice, { brief: 'a video of a bloody corpse' });
    expect(blocked.body.error.data.appCode).toBe('SENSITIVE_TEXT');
    llmAnswer = () => ({
      inputs: [{ id: 'p', port: 'text', value: 'a bloody corpse' }],
      steps: [{ id: 'img', kind: 'text_to_image', settings: {} }],
      wires: [{ from: 'p', to: 'img', toPort: 'prompt' }],
    });
    const answer = result(await propose(alice, { brief: 'an image of a quiet harbour', placement: { x: -4000, y: 0 } }));
    expect(answer.planner).toBe('local');
    expect(answer.notes[0]).toMatchObject({ code: 'llm_refused', message: expect.stringMatching(/its texts were refused by moderation/) });
    const texts = readFlow(await serverDoc()).nodes.filter((n) => answer.nodeIds.includes(n.id) && n.type === 'input').map((n) => (n.type === 'input' ? n.value : null));
    expect(texts).toEqual(['a quiet harbour']);
  });

  it('replaces an LLM flow that cannot be repaired with the offline planner’s, saying why', async () => {
    llmAnswer = () => ({
      inputs: [{ id: 'p', port: 'text', value: 'waves at sunset' }],
      steps: [
        { id: 'img', kind: 'text_to_image', settings: { aspectRatio: '21:9' } },
        { id: 'vid', kind: 'image_to_video', settings: { duration: 15 } },
      ],
      wires: [
        { from: 'p', to: 'img', toPort: 'prompt' },
        { from: 'img', to: 'vid', toPort: 'image' },
      ],
    });
    const res = await propose(alice, { brief: 'a 15-second video of waves at sunset', placement: { x: 4000, y: 0 } });
    const answer = result(res);
    expect(answer.planner).toBe('local');
    expect(answer.notes[0]).toMatchObject({ code: 'llm_unusable', message: expect.stringMatching(/could not be used \(the settings of img \(text_to_image\) do not hold: aspectRatio/) });
    const flow = readFlow(await serverDoc());
    const steps = answer.nodeIds.map((id) => flow.nodes.find((n) => n.id === id)!).filter((n) => n.type === 'step');
    expect(steps.map((s) => s.kind)).toEqual(['text_to_image', 'image_to_video']);
    const estimate = await rpc(t.app, alice.cookie, 'flow.estimate', { projectId, scope: { kind: 'all' } }, 'GET');
    expect(estimate.body.result.data.issues).toEqual([]);
  });
});
