/**
 * Chat to image end to end on real PostgreSQL: a chat is its owner's alone (others, and members
 * who were removed, are told it does not exist); the history persists; a message with `count`
 * starts that many generations (as many as it asks for in words) whose placeholders appear in the
 * project document side by side in free space nearest the sender's view (the chat's anchor
 * without one), never over earlier work; a refused generation keeps the messages; image
 * to image starts from a canvas node; and the OpenAI-compatible planner is used when configured —
 * against a stand-in speaking the chat-completions protocol — with the local planner standing in
 * when it fails.
 */
import { generationTasks, projectMembers, projects } from '@tessera/db/schema';
import { type CanvasNode, readNodes, writeNode } from '@tessera/shared/canvas';
import type { ChatDto, ChatMessageDto } from '@tessera/shared/chat';
import { ASPECT_RATIOS } from '@tessera/shared/generation';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ProjectRole } from '@tessera/shared/projects';
import { buildTestApp, rpc, signUpTestUser, type TestApp, type TestUser, uploadFile } from './harness.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from './openaiStandIn.ts';

interface RpcResult {
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data: { code: string; appCode?: string } } };
}

const QUERIES = new Set(['list', 'messages']);

async function call(t: TestApp, user: TestUser, name: string, input: unknown): Promise<RpcResult> {
  return (await rpc(t.app, user.cookie, `chat.${name}`, input, QUERIES.has(name) ? 'GET' : 'POST')) as RpcResult;
}

async function ok<T>(t: TestApp, user: TestUser, name: string, input: unknown): Promise<T> {
  const res = await call(t, user, name, input);
  if (!res.body.result) throw new Error(`chat.${name} failed: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.result.data as T;
}

async function failure(t: TestApp, user: TestUser, name: string, input: unknown): Promise<string | undefined> {
  const res = await call(t, user, name, input);
  expect(res.body.result).toBeUndefined();
  return res.body.error?.data.appCode ?? res.body.error?.data.code;
}

/** A project owned by `owner` with other members, as the project service stores it. */
async function projectWith(t: TestApp, owner: TestUser, members: [TestUser, ProjectRole][] = []): Promise<string> {
  const [project] = await t.database.db.insert(projects).values({ ownerId: owner.id, name: 'Chat test' }).returning({ id: projects.id });
  if (!project) throw new Error('no project');
  await t.database.db.insert(projectMembers).values([
    { projectId: project.id, userId: owner.id, role: 'owner' as const },
    ...members.map(([user, role]) => ({ projectId: project.id, userId: user.id, role })),
  ]);
  return project.id;
}

/** The project document's nodes as the collaboration server has them. */
async function canvasNodes(t: TestApp, projectId: string): Promise<CanvasNode[]> {
  const collab = t.app.services.collab;
  if (!collab) throw new Error('no collaboration server');
  const state = await collab.encodeState(projectId);
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  return readNodes(doc);
}

async function nodeOf(t: TestApp, projectId: string, nodeId: string): Promise<CanvasNode> {
  const node = (await canvasNodes(t, projectId)).find((n) => n.id === nodeId);
  if (!node) throw new Error(`node ${nodeId} is not on the canvas`);
  return node;
}

/** Frees the free plan's two parallel slots (no workers run here: tasks stay queued). */
async function cancelTasks(t: TestApp, user: TestUser, message: ChatMessageDto): Promise<void> {
  for (const task of message.tasks) await rpc(t.app, user.cookie, 'task.cancel', { id: task.taskId });
}

const ANCHOR = { x: 1000, y: -400 };
/** The height of a 16:9 result 512 px wide. */
const WIDE_HEIGHT = Math.round((512 * ASPECT_RATIOS['16:9'][1]) / ASPECT_RATIOS['16:9'][0]);

describe('chat with the local planner', () => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let projectId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [owner, editor, viewer, stranger] = [await signUpTestUser(t.app), await signUpTestUser(t.app), await signUpTestUser(t.app), await signUpTestUser(t.app)];
    projectId = await projectWith(t, owner, [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ]);
  });
  afterAll(() => t?.close());

  it('keeps the history of a chat across calls, oldest first, and names the chat after its first message', async () => {
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: ANCHOR });
    expect(chat).toMatchObject({ projectId, title: '', anchor: ANCHOR });

    const first = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'a red fox in the snow, watercolour', count: 0 });
    expect(first).toMatchObject({ role: 'assistant', planner: 'local', tasks: [] });
    expect(first.proposals).toHaveLength(4);
    expect(first.text).toContain('a red fox in the snow');
    await ok(t, owner, 'send', { chatId: chat.id, text: 'make it darker', count: 0 });

    const history = await ok<ChatMessageDto[]>(t, owner, 'messages', { chatId: chat.id });
    expect(history.map((m) => [m.role, m.role === 'user' ? m.text : m.planner])).toEqual([
      ['user', 'a red fox in the snow, watercolour'],
      ['assistant', 'local'],
      ['user', 'make it darker'],
      ['assistant', 'local'],
    ]);
    // The follow-up changed the earlier subject instead of drawing "make it darker".
    expect(history[3]?.proposals.every((p) => p.prompt.startsWith('a red fox in the snow, watercolour painting') && p.prompt.includes('low-key lighting'))).toBe(true);
    expect(history[0]?.id).toBe(history.find((m) => m.text === 'a red fox in the snow, watercolour')?.id);

    const mine = await ok<ChatDto[]>(t, owner, 'list', { projectId });
    expect(mine.find((c) => c.id === chat.id)?.title).toBe('a red fox in the snow, watercolour');
  });

  it('shows a chat only to its owner: other members and strangers are told it does not exist', async () => {
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: ANCHOR, title: 'Private' });
    await ok(t, owner, 'send', { chatId: chat.id, text: 'a secret garden', count: 0 });

    for (const other of [editor, stranger]) {
      expect(await failure(t, other, 'messages', { chatId: chat.id })).toBe('CHAT_NOT_FOUND');
      expect(await failure(t, other, 'send', { chatId: chat.id, text: 'hello', count: 0 })).toBe('CHAT_NOT_FOUND');
      expect(await failure(t, other, 'move', { chatId: chat.id, anchor: { x: 0, y: 0 } })).toBe('CHAT_NOT_FOUND');
      expect(await failure(t, other, 'delete', { chatId: chat.id })).toBe('CHAT_NOT_FOUND');
    }
    // A chat id that never existed answers the same.
    expect(await failure(t, editor, 'messages', { chatId: '00000000-0000-4000-8000-000000000000' })).toBe('CHAT_NOT_FOUND');
    expect((await ok<ChatDto[]>(t, editor, 'list', { projectId })).map((c) => c.id)).not.toContain(chat.id);
    expect(await failure(t, stranger, 'list', { projectId })).toBe('PROJECT_NOT_FOUND');
    expect(await failure(t, stranger, 'create', { projectId, anchor: ANCHOR })).toBe('PROJECT_NOT_FOUND');

    // Untouched by all of that.
    expect((await ok<ChatMessageDto[]>(t, owner, 'messages', { chatId: chat.id })).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('takes a removed member’s chats away from them', async () => {
    const leaver = await signUpTestUser(t.app);
    await t.database.db.insert(projectMembers).values({ projectId, userId: leaver.id, role: 'editor' });
    const chat = await ok<ChatDto>(t, leaver, 'create', { projectId, anchor: ANCHOR });
    await ok(t, leaver, 'send', { chatId: chat.id, text: 'a paper boat', count: 0 });

    await t.database.db.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, leaver.id)));
    expect(await failure(t, leaver, 'messages', { chatId: chat.id })).toBe('CHAT_NOT_FOUND');
    expect(await failure(t, leaver, 'send', { chatId: chat.id, text: 'again', count: 0 })).toBe('CHAT_NOT_FOUND');
    expect(await failure(t, leaver, 'list', { projectId })).toBe('PROJECT_NOT_FOUND');
  });

  it('lets a viewer chat for prompts but not generate', async () => {
    const chat = await ok<ChatDto>(t, viewer, 'create', { projectId, anchor: ANCHOR });
    const answer = await ok<ChatMessageDto>(t, viewer, 'send', { chatId: chat.id, text: 'a foggy harbour at dawn', count: 0 });
    expect(answer.proposals.length).toBeGreaterThan(0);
    expect(await failure(t, viewer, 'send', { chatId: chat.id, text: 'a foggy harbour at dawn', count: 1 })).toBe('PROJECT_READ_ONLY');
    expect(await failure(t, viewer, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 0 })).toBe('PROJECT_READ_ONLY');
    // The refused request stored nothing, and nothing reached the canvas.
    expect(await ok<ChatMessageDto[]>(t, viewer, 'messages', { chatId: chat.id })).toHaveLength(2);
    expect((await canvasNodes(t, projectId)).filter((n) => n.createdBy === viewer.id)).toEqual([]);
  });

  it('refuses harmful text before storing or planning anything', async () => {
    const chat = await ok<ChatDto>(t, editor, 'create', { projectId, anchor: ANCHOR });
    expect(await failure(t, editor, 'send', { chatId: chat.id, text: 'child porn', count: 0 })).toBe('SENSITIVE_TEXT');
    expect(await ok<ChatMessageDto[]>(t, editor, 'messages', { chatId: chat.id })).toEqual([]);
  });

  it('starts as many generations as the message asks for, side by side in free space nearest the view, never over earlier work', async () => {
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: ANCHOR });
    // The composer said 1; the words ask for two (issue 22).
    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'two images of a lighthouse on a cliff, 16:9', count: 1 });
    expect(answer.tasks).toHaveLength(2);
    expect(answer.text).toMatch(/first 2 on the canvas/);

    // Nothing is near the anchor yet: the row (2 × 512 + 24 wide) is centred on it.
    for (const [column, task] of answer.tasks.entries()) {
      const node = await nodeOf(t, projectId, task.nodeId);
      expect(node).toMatchObject({ type: 'placeholder', status: 'queued', x: ANCHOR.x - 524 + column * (512 + 24), y: Math.round(ANCHOR.y - WIDE_HEIGHT / 2), width: 512, height: WIDE_HEIGHT });
      if (node.type !== 'placeholder') throw new Error('not a placeholder');
      expect(node.generation).toMatchObject({ taskId: task.taskId, kind: 'text_to_image', prompt: answer.proposals[column]?.prompt, requestedBy: { id: owner.id } });
      const queued = await rpc(t.app, owner.cookie, 'task.get', { id: task.taskId }, 'GET');
      expect(queued.body.result.data).toMatchObject({ kind: 'text_to_image', status: 'queued', projectId });
    }
    await cancelTasks(t, owner, answer);

    // One more proposal, seen from the same place: beside the first two, not over them, still near.
    const rerun = await ok<ChatMessageDto>(t, owner, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 3, view: ANCHOR });
    expect(rerun.id).toBe(answer.id);
    expect(rerun.tasks.slice(0, 2)).toEqual(answer.tasks);
    const third = rerun.tasks[2];
    if (!third) throw new Error('no third task');
    const node = await nodeOf(t, projectId, third.nodeId);
    expect(node).toMatchObject({ width: 512, height: WIDE_HEIGHT });
    for (const task of answer.tasks) {
      const earlier = await nodeOf(t, projectId, task.nodeId);
      const apart = node.x >= earlier.x + earlier.width + 24 || earlier.x >= node.x + node.width + 24 || node.y >= earlier.y + earlier.height + 24 || earlier.y >= node.y + node.height + 24;
      expect(apart, JSON.stringify({ node, earlier })).toBe(true);
    }
    expect(Math.hypot(node.x + 256 - ANCHOR.x, node.y + WIDE_HEIGHT / 2 - ANCHOR.y)).toBeLessThan(800);
    expect(node.type === 'placeholder' && node.generation.prompt).toBe(answer.proposals[3]?.prompt);
    await cancelTasks(t, owner, { ...rerun, tasks: [third] });

    // Looking elsewhere: the result lands there, centred on the view.
    const view = { x: -5000, y: 7000 };
    const there = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'now as a pencil sketch', count: 1, view });
    expect(await nodeOf(t, projectId, there.tasks[0]?.nodeId ?? '')).toMatchObject({ x: view.x - 256, y: Math.round(view.y - WIDE_HEIGHT / 2), width: 512, height: WIDE_HEIGHT });
    await cancelTasks(t, owner, there);
  });

  it('keeps the messages and the started tasks when a generation is refused, and says why', async () => {
    const chat = await ok<ChatDto>(t, editor, 'create', { projectId, anchor: { x: 0, y: 0 } });
    // The free plan runs two tasks at a time and no worker runs here: the third is refused.
    const res = await call(t, editor, 'send', { chatId: chat.id, text: 'three paper lanterns over a river', count: 3 });
    expect(res.body.error?.data.appCode).toBe('PARALLEL_TASK_LIMIT');

    const history = await ok<ChatMessageDto[]>(t, editor, 'messages', { chatId: chat.id });
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
    const answer = history[1];
    expect(answer?.tasks).toHaveLength(2);
    const nodes = await canvasNodes(t, projectId);
    for (const task of answer?.tasks ?? []) expect(nodes.find((n) => n.id === task.nodeId)).toMatchObject({ type: 'placeholder' });
    // The refused one left no placeholder behind.
    expect(nodes.filter((n) => n.type === 'placeholder' && n.generation.requestedBy.id === editor.id)).toHaveLength(2);
    if (answer) await cancelTasks(t, editor, answer);
  });

  it('starts image to image from a canvas image, keeping its shape', async () => {
    const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#884422' } }).png().toBuffer();
    const { url } = (await uploadFile(t.app, owner.cookie, png)).json<{ url: string }>();
    const collab = t.app.services.collab;
    if (!collab) throw new Error('no collaboration server');
    await collab.transact(projectId, (doc) =>
      writeNode(doc, { id: 'photo-1', type: 'image', src: url, x: 0, y: 0, width: 400, height: 600, rotation: 0, z: 1, parentId: null, locked: false }),
    );
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: { x: 3000, y: 3000 } });

    expect(await failure(t, owner, 'send', { chatId: chat.id, text: 'as a watercolour', count: 1, imageNodeId: 'not-on-the-canvas' })).toBe('CANVAS_NODE_NOT_FOUND');
    expect(await ok<ChatMessageDto[]>(t, owner, 'messages', { chatId: chat.id })).toEqual([]);

    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'as a watercolour', count: 1, imageNodeId: 'photo-1' });
    expect(answer.text).toMatch(/starting from your selected image/);
    expect(answer.proposals.every((p) => p.imageNodeId === 'photo-1')).toBe(true);
    const node = await nodeOf(t, projectId, answer.tasks[0]?.nodeId ?? '');
    expect(node).toMatchObject({ type: 'placeholder', x: 3000 - 256, y: 3000 - 384, width: 512, height: 768 });
    if (node.type !== 'placeholder') throw new Error('not a placeholder');
    expect(node.generation).toMatchObject({ kind: 'image_to_image', parentNodeId: 'photo-1', params: { image: url } });
    await cancelTasks(t, owner, answer);

    // Running another proposal later starts from the same image.
    const again = await ok<ChatMessageDto>(t, owner, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 1 });
    const second = await nodeOf(t, projectId, again.tasks[1]?.nodeId ?? '');
    expect(second.type === 'placeholder' && second.generation.parentNodeId).toBe('photo-1');
    await cancelTasks(t, owner, { ...again, tasks: again.tasks.slice(1) });
  });

  it('deletes a chat with its history, leaving its results on the canvas', async () => {
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: { x: 9000, y: 0 } });
    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'a teapot', count: 1 });
    await cancelTasks(t, owner, answer);
    expect(await ok(t, owner, 'delete', { chatId: chat.id })).toEqual({ ok: true });
    expect(await failure(t, owner, 'messages', { chatId: chat.id })).toBe('CHAT_NOT_FOUND');
    expect((await canvasNodes(t, projectId)).map((n) => n.id)).toContain(answer.tasks[0]?.nodeId);
  });
});

describe('chat with an OpenAI-compatible planner', () => {
  const KEY = 'sk-test-chat-int-0123456789';
  let t: TestApp;
  let standIn: OpenAiStandIn;
  let owner: TestUser;
  let projectId: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ apiKey: KEY });
    // OPENAI_IMAGES on: OpenAI's image model is then text to image's default, which a pick in the chat overrides.
    t = await buildTestApp({
      config: { openai: { apiKey: KEY, baseUrl: standIn.baseUrl, model: 'test-model' }, hosted: { fal: undefined, replicate: undefined, openaiImages: true } },
    });
    owner = await signUpTestUser(t.app);
    projectId = await projectWith(t, owner);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('plans with the model, sending the chat so far, and generates its first proposal', async () => {
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: ANCHOR });
    await ok(t, owner, 'send', { chatId: chat.id, text: 'a lighthouse at night', count: 0 });
    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'make it stormier', count: 1 });

    expect(answer).toMatchObject({ planner: 'llm', text: 'Stand-in model: three takes on "make it stormier".' });
    expect(answer.proposals.map((p) => p.label)).toEqual(['Take one', 'Take two', 'Take three']);
    const request = standIn.requests[1];
    expect(request).toMatchObject({ authorization: `Bearer ${KEY}`, model: 'test-model', responseFormat: { type: 'json_object' } });
    expect(request?.messages.map((m) => [m.role, m.role === 'system' ? '…' : m.content.slice(0, 30)])).toEqual([
      ['system', '…'],
      ['user', 'a lighthouse at night'],
      ['assistant', '{"reply":"Stand-in model: thre'],
      ['user', 'make it stormier'],
    ]);

    const node = await nodeOf(t, projectId, answer.tasks[0]?.nodeId ?? '');
    expect(node).toMatchObject({ type: 'placeholder', x: ANCHOR.x - 256, y: Math.round(ANCHOR.y - WIDE_HEIGHT / 2), width: 512, height: WIDE_HEIGHT });
    expect(node.type === 'placeholder' && node.generation.prompt).toBe('make it stormier, stand-in take one');
    await cancelTasks(t, owner, answer);
  });

  it('answers with the local planner when the model fails', async () => {
    standIn.mode = 'error';
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: ANCHOR });
    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'a lighthouse at night, watercolour', count: 0 });
    expect(answer.planner).toBe('local');
    expect(answer.proposals.map((p) => p.label)[0]).toBe('Watercolour');
    expect(answer.text).toContain('“a lighthouse at night”');
    expect((await ok<ChatMessageDto[]>(t, owner, 'messages', { chatId: chat.id })).map((m) => m.planner)).toEqual([null, 'local']);
  });

  it('runs a proposal on the model the user picked, recorded in the task input (issue 18)', async () => {
    standIn.mode = 'ok';
    const chat = await ok<ChatDto>(t, owner, 'create', { projectId, anchor: { x: 6000, y: 0 } });
    const answer = await ok<ChatMessageDto>(t, owner, 'send', { chatId: chat.id, text: 'a red kite over the dunes', count: 0 });
    const inputOf = async (id: string) =>
      (await t.database.db.select({ input: generationTasks.input }).from(generationTasks).where(eq(generationTasks.id, id)))[0]?.input as Record<string, unknown>;

    // OpenAI is configured here, so its image model is the kind's default: the run without a pick uses it.
    const plain = await ok<ChatMessageDto>(t, owner, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 0 });
    const byDefault = plain.tasks[0];
    if (!byDefault) throw new Error('no task');
    expect((await inputOf(byDefault.taskId)).model).toBe('openai-gpt-image-1');
    await cancelTasks(t, owner, plain);

    // Picking the built-in engine in the chat runs the proposal on it.
    const picked = await ok<ChatMessageDto>(t, owner, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 1, model: 'local' });
    const onLocal = picked.tasks[1];
    if (!onLocal) throw new Error('no task');
    expect(await inputOf(onLocal.taskId)).toMatchObject({ prompt: answer.proposals[1]?.prompt, model: 'local' });
    // The placeholder's lineage carries it too, so the canvas labels the result with its model.
    const node = await nodeOf(t, projectId, onLocal.nodeId);
    expect(node.type === 'placeholder' && node.generation.params).toMatchObject({ model: 'local' });
    await cancelTasks(t, owner, { ...picked, tasks: [onLocal] });

    // A malformed id is refused before anything runs.
    expect(await failure(t, owner, 'runProposal', { chatId: chat.id, messageId: answer.id, index: 0, model: 'Not a model!' })).toBe('INCORRECT_PARAMETER');
  });
});
