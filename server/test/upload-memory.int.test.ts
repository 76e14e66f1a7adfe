/**
 * Uploads under load (issue 21): junk streams through without piling up in memory, a wrong type
 * is refused after its first bytes, uploads in progress are capped per session and per IP, and
 * temporary files are gone however an upload ends. Real HTTP over a socket with streamed bodies:
 * the bodies are produced as they are sent, so the test process holds none of them.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, TEST_ORIGIN, type TestApp, uploadFile } from './harness.ts';

const MB = 1024 * 1024;
const BOUNDARY = '----tessera-stream-boundary';
const FILLER = Buffer.alloc(64 * 1024, 0x5a);

let t: TestApp;
let port: number;
let tmpDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  tmpDir = join(t.config.dataDir, 'tmp', 'uploads');
});
afterAll(async () => t?.close());

interface Answer {
  status: number;
  body: { error?: { message: string; data: { code: string } }; contentType?: string };
  headers: http.IncomingHttpHeaders;
  /** Bytes of the request body produced when the answer arrived. */
  sentBeforeAnswer: number;
}

interface StreamedUpload {
  answer: Promise<Answer>;
  /** Sends the rest of a held body. */
  open(): void;
  /** Drops the connection mid-body, as a closed tab does. */
  abort(): void;
}

/**
 * POST /api/media/upload with a file part of `head`, then (once `open()` is called, when `held`)
 * `fillBytes` of filler and `tail`, produced chunk by chunk as the socket takes them.
 */
function streamUpload(cookie: string, opts: { head: Buffer; fillBytes?: number; tail?: Buffer; held?: boolean }): StreamedUpload {
  const { head, fillBytes = 0, tail = Buffer.alloc(0) } = opts;
  const preamble = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let open!: () => void;
  const gate = opts.held ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  let sent = 0;
  async function* body(): AsyncGenerator<Buffer> {
    for (const part of [preamble, head]) {
      sent += part.length;
      yield part;
    }
    await gate;
    for (let left = fillBytes; left > 0; left -= FILLER.length) {
      const chunk = left >= FILLER.length ? FILLER : FILLER.subarray(0, left);
      sent += chunk.length;
      yield chunk;
    }
    for (const part of [tail, epilogue]) {
      sent += part.length;
      yield part;
    }
  }
  const length = preamble.length + head.length + fillBytes + tail.length + epilogue.length;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/media/upload',
    agent: false,
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': length },
  });
  const source = Readable.from(body(), { objectMode: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    let answered = false;
    request.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()), headers: res.headers, sentBeforeAnswer });
        source.destroy();
        request.destroy();
      });
    });
    // The server closes a refused upload's connection while the body is still being sent.
    request.on('error', (err) => {
      if (!answered) reject(err);
    });
  });
  source.pipe(request);
  return {
    answer,
    open: () => open(),
    abort: () => {
      answer.catch(() => {});
      request.destroy();
    },
  };
}

const tempFiles = () => readdirSync(tmpDir).length;

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const smallPng = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).png().toBuffer();

describe('POST /api/media/upload under load', () => {
  it('refuses parallel oversized uploads as they pass the cap, without holding them in memory', async () => {
    const users = await Promise.all([signInAnonymously(t.app), signInAnonymously(t.app), signInAnonymously(t.app)]);
    // A real PNG followed by 40 MB of junk: an image by its first bytes, twice the image cap in all.
    const head = await smallPng();
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    try {
      const answers = await Promise.all(users.flatMap((u) => [u, u]).map((u) => streamUpload(u.cookie, { head, fillBytes: 40 * MB }).answer));
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.body.error?.data.code).toBe('PAYLOAD_TOO_LARGE');
      }
    } finally {
      clearInterval(sampler);
    }
    // Buffered, they took 6 × 40 MB (263 MB measured); streamed to disk, a few chunks each plus
    // the garbage between two collections (35 MB measured).
    expect(peak - baseline).toBeLessThan(100 * MB);
    expect(tempFiles()).toBe(0);
  });

  it('refuses a file of the wrong type after its first bytes, long before the body is sent', async () => {
    const user = await signInAnonymously(t.app);
    const total = 64 * MB;
    const answer = await streamUpload(user.cookie, { head: Buffer.from('%PDF-1.7\n%âãÏÓ\n'), fillBytes: total }).answer;
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('Image validation failed.');
    // What socket buffers took before the answer, not the 64 MB the server would read to the end.
    expect(answer.sentBeforeAnswer).toBeLessThan(total / 4);
    expect(tempFiles()).toBe(0);
  });

  it('answers 429 to uploads over the per-session and per-IP caps, and frees the slots however uploads end', async () => {
    const [a, b, c] = await Promise.all([signInAnonymously(t.app), signInAnonymously(t.app), signInAnonymously(t.app)]);
    const noise = await sharp(Buffer.alloc(96 * 96 * 3).map(() => Math.floor(Math.random() * 256)), { raw: { width: 96, height: 96, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(16 * 1024);
    const held = (cookie: string) => streamUpload(cookie, { head: noise.subarray(0, 8 * 1024), tail: noise.subarray(8 * 1024), held: true });
    const png = await smallPng();

    // Three uploads of one session in progress (each has streamed its head into a temporary file).
    const fromA = [held(a.cookie), held(a.cookie), held(a.cookie)];
    await until(() => tempFiles() === 3, 'three uploads in progress');
    const fourth = await uploadFile(t.app, a.cookie, png);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({ message: 'Too many requests. Please try again later.', data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } });
    expect(fourth.headers['retry-after']).toBeDefined();

    // Six from one IP: a third session is refused too.
    const fromB = [held(b.cookie), held(b.cookie), held(b.cookie)];
    await until(() => tempFiles() === 6, 'six uploads in progress');
    expect((await uploadFile(t.app, c.cookie, png)).statusCode).toBe(429);

    // Finished uploads free their slots.
    for (const upload of [...fromA, ...fromB]) upload.open();
    for (const answer of await Promise.all([...fromA, ...fromB].map((u) => u.answer))) {
      expect(answer.status).toBe(200);
      expect(answer.body.contentType).toBe('image/png');
    }
    expect((await uploadFile(t.app, a.cookie, png)).statusCode).toBe(200);
    expect(tempFiles()).toBe(0);

    // So do uploads the client gives up on halfway; their temporary files go with them.
    const abandoned = [held(c.cookie), held(c.cookie), held(c.cookie)];
    await until(() => tempFiles() === 3, 'three more uploads in progress');
    for (const upload of abandoned) upload.abort();
    await until(() => tempFiles() === 0, 'abandoned uploads cleaned up');
    // Their slots are freed as their files go: poll rather than sleep.
    await expect.poll(async () => (await uploadFile(t.app, c.cookie, png)).statusCode, { timeout: 5_000, interval: 10 }).toBe(200);
  });
});
