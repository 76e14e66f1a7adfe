/**
 * The OpenAPI document as a contract, and the walk-through a developer follows with only the docs:
 *  - the document served at /api/v1/openapi.json validates as OpenAPI 3.1 (@readme/openapi-parser);
 *  - every documented path and method is called for real — each kind with its documented example
 *    (input files uploaded through POST /media first, as the samples do) and refusals of every
 *    kind of mistake — and each answer's status is one the document lists for it and its JSON body
 *    validates against the documented schema (Ajv, JSON Schema 2020-12);
 *  - the curl sample (image to image, with its upload) and the JavaScript sample (text to video)
 *    run as written against a listening server with a key, poll statusUrl until the task
 *    succeeded, and the output links open without a session: the bytes are a real picture and a
 *    real 5-second clip, and the spend shows on the balance.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validate } from '@readme/openapi-parser';
import { kindSlug } from '@tessera/shared/api';
import type { GenerationKind } from '@tessera/shared/generation';
import { Ajv2020 } from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../src/generation/engine/tf.ts';
import { createOperationId } from '../src/modules/api/openapi.ts';
import { KIND_EXAMPLES, SAMPLE_FILES } from '../src/modules/api/openapi.examples.ts';
import { API_KINDS } from '../src/modules/api/rest.schemas.ts';
import { api, apiBalanceOf, apiUpload, createKey, keyedUser } from './apiKit.ts';
import { buildTestApp, freePort, signUpTestUser, type TestApp } from './harness.ts';

const run$ = promisify(execFile);
// The document is walked by path segments; its shape is what the validators check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON document, navigated by keys
type Json = Record<string, any>;

let dir: string;
/** The sample files the examples name: a portrait (it has a face), a mask, a garment, a product and a 4 s clip of the portrait. */
const files = new Map<string, Buffer>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-api-docs-'));
  const portrait = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
    .extract({ left: 262, top: 214, width: 480, height: 640 })
    .resize(240, 320)
    .jpeg({ quality: 90 })
    .toBuffer();
  const plain = (color: string) => sharp({ create: { width: 240, height: 320, channels: 3, background: color } }).png().toBuffer();
  const mask = await sharp({ create: { width: 240, height: 320, channels: 3, background: '#000000' } })
    .composite([{ input: await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 20, top: 240 }])
    .png()
    .toBuffer();
  await writeFile(join(dir, 'photo.jpg'), portrait);
  const clipPath = join(dir, 'clip.mp4');
  const vf = 'scale=240:320,zoompan=z=1+0.001*on:d=1:s=240x320:fps=12,format=yuv420p';
  await run$('ffmpeg', ['-v', 'error', '-loop', '1', '-framerate', '12', '-i', join(dir, 'photo.jpg'), '-vf', vf, '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', clipPath]);
  const contents: Record<string, Buffer> = {
    'photo.jpg': portrait,
    'face.jpg': portrait,
    'mask.png': mask,
    'garment.png': await plain('#aa3355'),
    'product.png': await plain('#3355aa'),
    'clip.mp4': await readFile(clipPath),
  };
  for (const [name, data] of Object.entries(contents)) {
    files.set(name, data);
    await writeFile(join(dir, name), data);
  }
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the OpenAPI document is a contract every route keeps', () => {
  let t: TestApp;
  let doc: Json;
  let ajv: Ajv2020;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    // The formats zod writes (ajv-formats would do the same; these three are all the document uses).
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)) && value.includes('T'));
    ajv.addSchema(doc, 'openapi.json');
  });
  afterAll(async () => t?.close());

  it('validates as OpenAPI 3.1 and documents each kind once, with examples the kind accepts', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(doc.openapi).toBe('3.1.0');
    const creates = Object.entries(doc.paths as Json).filter(([path]) => path.startsWith('/generations/'));
    expect(creates.map(([, item]) => item.post.operationId).sort()).toEqual(API_KINDS.map(createOperationId).sort());
    expect(Object.keys(doc.webhooks).sort()).toEqual(['task.canceled', 'task.failed', 'task.succeeded']);
  });

  it('answers every documented path and method with a documented status and body', async () => {
    /** operationId → statuses seen. */
    const seen = new Map<string, Set<string>>();
    const operations = new Map<string, { path: string; method: string; op: Json }>();
    for (const [path, item] of Object.entries(doc.paths as Json)) for (const [method, op] of Object.entries(item as Json)) operations.set((op as Json).operationId, { path, method, op: op as Json });

    const resolve = (node: Json): Json => (node.$ref ? resolve(String(node.$ref).replace('#/', '').split('/').reduce<Json>((at, part) => at[part], doc)) : node);
    const check = (operationId: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      const { op } = operations.get(operationId)!;
      const status = String(res.statusCode);
      expect(Object.keys(op.responses), `${operationId} answered ${status}: ${res.body.slice(0, 300)}`).toContain(status);
      const response = resolve(op.responses[status]);
      const schema = response.content?.['application/json']?.schema;
      if (schema?.$ref) {
        const valid = ajv.getSchema(`openapi.json${schema.$ref}`)!;
        expect(valid(JSON.parse(res.body)), `${operationId} ${status}: ${JSON.stringify(valid.errors)} in ${res.body.slice(0, 500)}`).toBe(true);
      }
      for (const header of Object.keys(response.headers ?? {}).filter((h) => h.startsWith('RateLimit'))) expect(res.headers[header.toLowerCase()], `${operationId} ${header}`).toBeDefined();
      seen.set(operationId, (seen.get(operationId) ?? new Set()).add(status));
      return JSON.parse(res.body || 'null');
    };

    // Several keys of one account: each has its own per-minute budget, and they share the account.
    const user = await signUpTestUser(t.app);
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await createKey(t.app, user, `contract ${i}`)).secret);
    let turn = 0;
    const key = () => keys[turn++ % keys.length]!;

    // POST /media: the sample files, whose keys replace the examples' placeholders.
    const uploaded = new Map<string, string>();
    for (const sample of Object.values(SAMPLE_FILES)) {
      const media = check('uploadMedia', await apiUpload(t.app, key(), files.get(sample.file)!, sample.file, sample.file.endsWith('.mp4') ? 'video/mp4' : 'image/png'));
      uploaded.set(sample.placeholder, media.key);
    }
    check('uploadMedia', await apiUpload(t.app, key(), Buffer.from('not a picture'), 'notes.txt', 'text/plain'));

    // Every kind's documented example, accepted, then canceled (the hold goes back).
    const accepted: string[] = [];
    for (const kind of API_KINDS) {
      const body = JSON.parse([...uploaded].reduce((json, [placeholder, real]) => json.replaceAll(placeholder, real), JSON.stringify(KIND_EXAMPLES[kind])));
      const created = check(createOperationId(kind), await api(t.app, key(), 'POST', `/generations/${kindSlug(kind)}`, body, { 'idempotency-key': `contract-${kind}` }));
      if (created.id) {
        accepted.push(kind);
        check('getTask', await api(t.app, key(), 'GET', `/tasks/${created.id}`));
        expect(check('cancelTask', await api(t.app, key(), 'POST', `/tasks/${created.id}/cancel`)).status).toBe('canceled');
      }
    }
    expect(accepted).toEqual(API_KINDS);
    expect(await apiBalanceOf(t.app, keys[0]!)).toMatchObject({ used: 0 });

    // Refusals: no key, invalid input, reused Idempotency-Key, over the balance, over the plan's tasks at once, unknown task.
    const image = (n: number) => ({ prompt: `picture ${n}` });
    check('createTextToImage', await api(t.app, null, 'POST', '/generations/text-to-image', image(0)));
    check('createTextToImage', await api(t.app, key(), 'POST', '/generations/text-to-image', { prompt: '' }));
    check('createTextToImage', await api(t.app, key(), 'POST', '/generations/text-to-image', image(1), { 'idempotency-key': 'contract-text_to_image' }));
    check('createAiShorts', await api(t.app, key(), 'POST', '/generations/ai-shorts', { topic: 'octopuses', duration: 60, resolution: '1080p' }));
    const running = [check('createTextToImage', await api(t.app, key(), 'POST', '/generations/text-to-image', image(2))).id, check('createTextToImage', await api(t.app, key(), 'POST', '/generations/text-to-image', image(3))).id];
    check('createTextToVideo', await api(t.app, key(), 'POST', '/generations/text-to-video', { prompt: 'a fox', resolution: '480p' }));
    check('getTask', await api(t.app, key(), 'GET', '/tasks/00000000-0000-4000-8000-000000000000'));
    check('cancelTask', await api(t.app, key(), 'POST', `/tasks/${running[0]}/cancel`));
    check('cancelTask', await api(t.app, key(), 'POST', '/tasks/nope/cancel'));
    check('listTasks', await api(t.app, key(), 'GET', '/tasks?limit=5'));
    check('listTasks', await api(t.app, key(), 'GET', '/tasks?limit=0'));
    check('listTasks', await api(t.app, 'tsk_nope', 'GET', '/tasks'));
    check('listModels', await api(t.app, key(), 'GET', '/models'));
    check('listModels', await api(t.app, key(), 'GET', '/models?kind=video-upscale'));
    check('listModels', await api(t.app, key(), 'GET', '/models?kind=nothing'));
    check('getBalance', await api(t.app, key(), 'GET', '/balance'));
    check('getBalance', await api(t.app, null, 'GET', '/balance'));
    check('getOpenApiDocument', await api(t.app, null, 'GET', '/openapi.json'));

    expect(seen.get('createTextToImage')).toEqual(new Set(['201', '400', '401', '422']));
    expect(seen.get('createAiShorts')).toContain('403');
    expect(seen.get('createTextToVideo')).toContain('429');
    // Every documented operation was called and succeeded at least once.
    for (const [operationId, { op }] of operations) {
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
      expect([operationId, seen.get(operationId)?.has(success ?? '')]).toEqual([operationId, true]);
    }
  });
});

describe('the walk-through: a key, the docs samples, a picture and a clip', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ config: { workerConcurrency: 1, publicUrl } });
    await t.app.listen({ port, host: '127.0.0.1' });
    doc = (await fetch(`${publicUrl}/api/v1/openapi.json`).then((res) => res.json())) as Json;
  });
  afterAll(async () => t?.close());

  const sample = (kind: GenerationKind, lang: 'Shell' | 'JavaScript') => (doc.paths[`/generations/${kindSlug(kind)}`].post['x-codeSamples'] as Json[]).find((s) => s.lang === lang)!.source as string;
  /** The task a sample printed last: the JSON after its last line that opens an object. */
  const printedTask = (stdout: string) => JSON.parse(stdout.slice(stdout.lastIndexOf('\n{') + 1));

  it('generates an image with the curl sample and a video with the JavaScript sample, downloadable without a session', async () => {
    const { key } = await keyedUser(t.app);
    const env = { PATH: process.env.PATH ?? '', HOME: dir, TESSERA_API_KEY: key };

    // curl: upload photo.jpg, image to image, poll.
    const shell = await run$('sh', ['-e', '-c', sample('image_to_image', 'Shell')], { cwd: dir, env, timeout: 60_000 });
    const picture = printedTask(`\n${shell.stdout}`);
    expect(picture).toMatchObject({ object: 'task', kind: 'image_to_image', status: 'succeeded' });
    const image = await fetch(picture.outputs[0].url);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.width).toBeGreaterThan(100);

    // JavaScript: text to video, poll.
    await writeFile(join(dir, 'sample.mjs'), sample('text_to_video', 'JavaScript'));
    const js = await run$(process.execPath, ['sample.mjs'], { cwd: dir, env, timeout: 60_000 });
    const clip = printedTask(`\n${js.stdout}`);
    expect(clip).toMatchObject({ object: 'task', kind: 'text_to_video', status: 'succeeded' });
    const video = await fetch(clip.outputs[0].url);
    expect(video.status).toBe(200);
    await writeFile(join(dir, 'result.mp4'), Buffer.from(await video.arrayBuffer()));
    const { stdout } = await run$('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', join(dir, 'result.mp4')]);
    const probed = JSON.parse(stdout) as { streams: { codec_type: string; width?: number; height?: number }[]; format: { duration: string } };
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 854, height: 480 });
    expect(Number(probed.format.duration)).toBeCloseTo(5, 0);

    // The spend: both tasks' prices, captured from api_credits.
    expect(await apiBalanceOf(t.app, key)).toMatchObject({ used: picture.cost + clip.cost });
  });
});
