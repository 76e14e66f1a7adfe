/**
 * My creations: every success is recorded once with its thumbnail, listed newest first with
 * paging and a kind filter, opened, downloaded (watermarked for free users) and deleted with its
 * files; a derived creation points at its parent; others' creations do not exist for you.
 */
import type { CreationDto } from '@tessera/shared/creations';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  connectTestSocket,
  disconnectTestSockets,
  flatImageProvider,
  rpc,
  signInAnonymously,
  type TestApp,
  type TestUser,
} from './harness.ts';

const flat = flatImageProvider();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { workerConcurrency: 2 }, providers: [flat] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t.close();
});

async function generate(user: TestUser, path: string, input: object): Promise<string> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id: string = created.body.result.data.id;
  const done = await new Promise<{ outputs: { creationId?: string }[] }>((resolve) => socket.on('task:succeeded', (p) => p.id === id && resolve(p)));
  socket.disconnect();
  const creationId = done.outputs[0]?.creationId;
  expect(creationId).toBeTruthy();
  return creationId as string;
}

const list = async (user: TestUser, input: object = {}) => (await rpc(t.app, user.cookie, 'creation.list', input, 'GET')).body.result.data as { items: CreationDto[]; nextCursor: string | null };

it('records a creation per success, with a thumbnail, and pages newest first', async () => {
  const user = await signInAnonymously(t.app);
  const ids = [];
  for (const prompt of ['first', 'second', 'third']) ids.push(await generate(user, 'text2Image.create', { prompt }));

  const page1 = await list(user, { limit: 2 });
  expect(page1.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
  expect(page1.nextCursor).toBeTruthy();
  const page2 = await list(user, { limit: 2, cursor: page1.nextCursor });
  expect(page2.items.map((c) => c.id)).toEqual([ids[0]]);
  expect(page2.nextCursor).toBeNull();

  const [newest] = page1.items;
  expect(newest).toMatchObject({ kind: 'text_to_image', rpcName: 'text2Image.create', prompt: 'third', engine: 'flat stand-in', width: 320, height: 200, parentId: null });
  const thumb = await t.app.inject({ url: newest!.thumbnailUrl, headers: { cookie: user.cookie } });
  expect(thumb.statusCode).toBe(200);
  expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
});

it('links a derived creation to its parent and filters by kind', async () => {
  const user = await signInAnonymously(t.app);
  const parentId = await generate(user, 'text2Image.create', { prompt: 'a lighthouse' });
  const parent = (await rpc(t.app, user.cookie, 'creation.get', { id: parentId }, 'GET')).body.result.data as CreationDto;
  const childId = await generate(user, 'imageTools.upscale', { image: parent.url, scale: 2, mode: 'fast' });
  const child = (await rpc(t.app, user.cookie, 'creation.get', { id: childId }, 'GET')).body.result.data as CreationDto;
  expect(child).toMatchObject({ kind: 'upscale', parentId, prompt: null });
  expect(child.params).toMatchObject({ image: parent.url, scale: 2, mode: 'fast' });
  expect((await list(user, { kind: 'upscale' })).items.map((c) => c.id)).toEqual([childId]);
});

it('downloads the original with a watermark for a free user', async () => {
  const user = await signInAnonymously(t.app);
  const id = await generate(user, 'text2Image.create', { prompt: 'watermark me' });
  const creation = (await rpc(t.app, user.cookie, 'creation.get', { id }, 'GET')).body.result.data as CreationDto;
  const original = await t.app.inject({ url: creation.url, headers: { cookie: user.cookie } });
  const download = await t.app.inject({ url: creation.downloadUrl, headers: { cookie: user.cookie } });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="tessera-text-to-image-/);
  expect(download.headers['x-watermark']).toBe('tessera');
  const a = await sharp(original.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const b = await sharp(download.rawPayload).raw().toBuffer({ resolveWithObject: true });
  expect([b.info.width, b.info.height]).toEqual([a.info.width, a.info.height]);
  // The bottom-right corner carries the mark; the top-left is untouched.
  const px = (img: typeof a, x: number, y: number) => [...img.data.subarray((y * img.info.width + x) * img.info.channels, (y * img.info.width + x) * img.info.channels + 3)];
  expect(px(b, 5, 5)).toEqual(px(a, 5, 5));
  const corner = (img: typeof a) => {
    let sum = 0;
    for (let y = img.info.height - 30; y < img.info.height - 8; y++) for (let x = img.info.width - 90; x < img.info.width - 10; x++) sum += px(img, x, y).reduce((s, v) => s + v, 0);
    return sum;
  };
  expect(corner(b)).not.toBe(corner(a));
});

it("hides others' creations and deletes mine with their files", async () => {
  const owner = await signInAnonymously(t.app);
  const other = await signInAnonymously(t.app);
  const id = await generate(owner, 'text2Image.create', { prompt: 'private' });
  const creation = (await rpc(t.app, owner.cookie, 'creation.get', { id }, 'GET')).body.result.data as CreationDto;
  expect((await rpc(t.app, other.cookie, 'creation.get', { id }, 'GET')).status).toBe(404);
  expect((await rpc(t.app, other.cookie, 'creation.delete', { id })).status).toBe(404);
  expect((await t.app.inject({ url: creation.downloadUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  // Someone else cannot use my image as an input either.
  const stolen = await rpc(t.app, other.cookie, 'imageTools.upscale', { image: creation.url, scale: 2, mode: 'fast' });
  expect(stolen.body.error.message).toBe('Image not found.');

  expect((await rpc(t.app, owner.cookie, 'creation.delete', { id })).status).toBe(200);
  expect((await rpc(t.app, owner.cookie, 'creation.get', { id }, 'GET')).status).toBe(404);
  expect((await t.app.inject({ url: creation.url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  expect((await t.app.inject({ url: creation.thumbnailUrl, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
});
