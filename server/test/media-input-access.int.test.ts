/**
 * Which stored media a generation request may use as an input (issue 21): the caller's own,
 * published work that is not copy protected, or media shown on the canvas of the project the
 * request names when the caller may generate there. Project membership alone lends nothing —
 * a viewer cannot feed the owner's private upload into a tool and download the result. A refused
 * request holds no credits and leaves no task. Real database, real collaboration server; tasks
 * stay queued (no workers) and are cancelled after each acceptance.
 */
import { randomUUID } from 'node:crypto';
import { creations, generationTasks, mediaObjects } from '@tessera/db/schema';
import { nodesOf, writeNode } from '@tessera/shared/canvas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProject } from './collabClient.ts';
import { buildTestApp, creditSummary, rpc, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, editor, viewer, stranger] = await Promise.all([signInAnonymously(t.app), signInAnonymously(t.app), signInAnonymously(t.app), signInAnonymously(t.app)]);
  projectId = await seedProject(t.database.db, owner.id, [
    { userId: editor.id, role: 'editor' },
    { userId: viewer.id, role: 'viewer' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function upload(user: TestUser): Promise<{ url: string; key: string }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const res = await uploadFile(t.app, user.cookie, png);
  expect(res.statusCode).toBe(200);
  const { url } = res.json<{ url: string }>();
  return { url, key: url.replace('/api/media/', '') };
}

function collab() {
  const service = t.app.services.collab;
  if (!service) throw new Error('no collaboration server');
  return service;
}

async function placeOnCanvas(nodeId: string, url: string): Promise<void> {
  await collab().transact(projectId, (doc) =>
    writeNode(doc, { id: nodeId, type: 'image', src: url, x: 0, y: 0, width: 64, height: 64, rotation: 0, z: 1, parentId: null, locked: false }),
  );
}

async function tasksOf(user: TestUser): Promise<number> {
  return (await t.database.db.select({ id: generationTasks.id }).from(generationTasks).where(eq(generationTasks.userId, user.id))).length;
}

/** image to image with `image`; accepted tasks are cancelled at once (refunded), so limits never bite. */
async function imageToImage(user: TestUser, image: string, extra: Record<string, unknown> = {}): Promise<{ accepted: boolean; appCode?: string }> {
  const res = await rpc(t.app, user.cookie, 'image2Image.create', { image, prompt: 'as a watercolour', ...extra });
  if (res.status === 200) {
    await rpc(t.app, user.cookie, 'task.cancel', { id: res.body.result.data.id });
    return { accepted: true };
  }
  return { accepted: false, appCode: res.body.error?.data.appCode };
}

describe('media as a generation input', () => {
  it("refuses a viewer the owner's private upload, even on the project's canvas, and holds nothing", async () => {
    const { url } = await upload(owner);
    await placeOnCanvas('viewer-bait', url);
    const before = await creditSummary(t.app, viewer.cookie);

    expect(await imageToImage(viewer, url, { projectId })).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
    expect(await imageToImage(viewer, url)).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
    const onCanvas = await rpc(t.app, viewer.cookie, 'canvas.generate', {
      projectId,
      kind: 'image_to_image',
      input: { image: url, prompt: 'as a watercolour' },
      placement: { x: 0, y: 0, width: 64, height: 64 },
    });
    expect(onCanvas.body.error?.data.appCode).toBe('PROJECT_READ_ONLY');

    expect(await creditSummary(t.app, viewer.cookie)).toEqual(before);
    expect(await tasksOf(viewer)).toBe(0);
  });

  it('lets an editor use media the project canvas shows, and only while it shows it', async () => {
    const { url } = await upload(owner);
    await placeOnCanvas('shared-photo', url);

    expect(await imageToImage(editor, url, { projectId })).toEqual({ accepted: true });
    const onCanvas = await rpc(t.app, editor.cookie, 'canvas.generate', {
      projectId,
      kind: 'image_to_image',
      input: { image: url, prompt: 'as a watercolour' },
      placement: { x: 100, y: 0, width: 64, height: 64 },
      parentNodeId: 'shared-photo',
    });
    expect(onCanvas.status, JSON.stringify(onCanvas.body)).toBe(200);
    await rpc(t.app, editor.cookie, 'task.cancel', { id: onCanvas.body.result.data.taskId });
    // Outside the project the same file is still the owner's private upload.
    expect(await imageToImage(editor, url)).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });

    await collab().transact(projectId, (doc) => nodesOf(doc).delete('shared-photo'));
    expect(await imageToImage(editor, url, { projectId })).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
  });

  it("refuses an editor the owner's upload that is not on the canvas", async () => {
    const { url } = await upload(owner);
    const tasks = await tasksOf(editor);
    expect(await imageToImage(editor, url, { projectId })).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
    const onCanvas = await rpc(t.app, editor.cookie, 'canvas.generate', {
      projectId,
      kind: 'image_to_image',
      input: { image: url, prompt: 'as a watercolour' },
      placement: { x: 200, y: 0, width: 64, height: 64 },
    });
    expect(onCanvas.body.error?.data.appCode).toBe('IMAGE_NOT_FOUND');
    expect(await tasksOf(editor)).toBe(tasks);
  });

  it('refuses a stranger\'s file pasted onto the canvas: it was never shared with the project', async () => {
    const { url } = await upload(stranger);
    await placeOnCanvas('pasted', url);
    expect(await imageToImage(editor, url, { projectId })).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
  });

  it('lets anyone use published media that is not copy protected', async () => {
    const { url, key } = await upload(owner);
    await t.database.db.update(mediaObjects).set({ isPublic: true }).where(eq(mediaObjects.key, key));
    expect(await imageToImage(stranger, url)).toEqual({ accepted: true });
    expect(await imageToImage(viewer, url, { projectId })).toEqual({ accepted: true });
  });

  it('refuses copy-protected published media to everyone but its owner, canvas or not', async () => {
    const { url, key } = await upload(owner);
    await t.database.db.update(mediaObjects).set({ isPublic: true }).where(eq(mediaObjects.key, key));
    const [task] = await t.database.db
      .insert(generationTasks)
      .values({ userId: owner.id, kind: 'text_to_image', rpcName: 'stand-in', input: {}, cost: 0, status: 'succeeded' })
      .returning({ id: generationTasks.id });
    await t.database.db.insert(creations).values({
      userId: owner.id,
      taskId: task!.id,
      outputIndex: 0,
      kind: 'text_to_image',
      rpcName: 'stand-in',
      prompt: 'protected',
      params: {},
      engine: 'stand-in',
      mediaKey: key,
      mediaType: 'image',
      contentType: 'image/png',
      isPublic: true,
      publishStatus: 'published',
      copyProtected: true,
    });
    await placeOnCanvas('protected', url);

    expect(await imageToImage(stranger, url)).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
    expect(await imageToImage(editor, url, { projectId })).toEqual({ accepted: false, appCode: 'IMAGE_NOT_FOUND' });
    expect(await imageToImage(owner, url, { projectId })).toEqual({ accepted: true });
  });

  it('applies the same rule to video inputs', async () => {
    // Refused before the file is read, so a row is all the video needs.
    const key = `u/${owner.id}/${randomUUID()}.mp4`;
    await t.database.db.insert(mediaObjects).values({ key, userId: owner.id, origin: 'upload', contentType: 'video/mp4', sizeBytes: 1000, durationS: 3 });
    const video = `/api/media/${key}`;
    const tasks = await tasksOf(viewer);
    for (const user of [viewer, editor]) {
      const res = await rpc(t.app, user.cookie, 'video.createVideoByVideo', { video, prompt: 'in the rain', projectId });
      expect(res.body.error?.data.appCode).toBe('VIDEO_NOT_FOUND');
    }
    expect(await tasksOf(viewer)).toBe(tasks);
  });
});
