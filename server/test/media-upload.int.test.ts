/** Uploads: the bytes decide the type, floods and scripts are refused, what is stored is re-encoded. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signInAnonymously(t.app);
});
afterAll(async () => t?.close());

const upload = (data: Buffer, filename = 'photo.png', contentType = 'image/png', cookie: string | null = user.cookie) =>
  uploadFile(t.app, cookie, data, filename, contentType);

/** A valid PNG header that declares `width`×`height` pixels: a few hundred bytes, a huge image. */
function pixelFloodPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/media/upload', () => {
  it('stores a real image, re-encoded, readable by its owner', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3b82f6' } }).png().toBuffer();
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ width: 320, height: 200, contentType: 'image/png' });
    const file = await t.app.inject({ method: 'GET', url: body.url, headers: { cookie: user.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(320);
  });

  it('drops what a polyglot carries after the image data', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } }).png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(polyglot);
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().url, headers: { cookie: user.cookie } });
    expect(file.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const res = await upload(Buffer.from('just some text, honestly'), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Image validation failed.');
  });

  it('refuses SVG, scripts or not', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const res = await upload(svg, 'icon.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Image validation failed.');
  });

  it('refuses a pixel flood from its header, without decoding it', async () => {
    const flood = pixelFloodPng(30_000, 30_000);
    expect(flood.length).toBeLessThan(2_000);
    const started = Date.now();
    const res = await upload(flood);
    expect(res.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses images over the size limit with 413', async () => {
    // An image by its first bytes (the type is judged before the size), 21 MB in all.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await upload(Buffer.concat([png, Buffer.alloc(21 * 1024 * 1024 - png.length, 1)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session, and keeps files private to their owner', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(png, 'a.png', 'image/png', null)).statusCode).toBe(401);
    const { url } = (await upload(png)).json();
    const stranger = await signInAnonymously(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('accepts a real 4-second video, probed with ffprobe, and refuses a 2-second one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-video-'));
    const make = (seconds: number) => {
      const path = join(dir, `${seconds}.mp4`);
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=10`, '-t', String(seconds), '-pix_fmt', 'yuv420p', path]);
      return readFileSync(path);
    };
    const ok = await upload(make(4), 'clip.mp4', 'video/mp4');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ contentType: 'video/mp4', width: 320, height: 240 });
    expect(ok.json().durationS).toBeCloseTo(4, 0);
    const stored = await t.app.inject({ method: 'GET', url: ok.json().url, headers: { cookie: user.cookie } });
    expect(stored.headers['content-type']).toBe('video/mp4');
    const short = await upload(make(2), 'short.mp4', 'video/mp4');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Videos must be 3 to 30 seconds long.');
    // A "video" that is an image with a video name is judged by its bytes: an image.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await upload(png, 'fake.mp4', 'video/mp4')).json().contentType).toBe('image/png');
    rmSync(dir, { recursive: true, force: true });
  });
});
