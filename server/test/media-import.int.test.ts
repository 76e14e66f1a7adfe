/**
 * Importing an image from a URL. The only web server here is a local one on 127.0.0.1, which
 * the real route must refuse. The happy path runs the production fetcher with its two network
 * edges replaced (name resolution and socket creation): a public-looking name resolves to a
 * public address, which passes the check, and the stand-in dialer carries that connection to
 * the local server. Every check, redirect rule and limit is the production code.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { mediaObjects } from '@tessera/db/schema';
import { AppError } from '@tessera/shared/errors';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRemoteImage } from '../src/media/import.ts';
import { createSafeImageFetcher, type DialTarget, type SafeFetchOptions } from '../src/media/safeFetch.ts';
import { buildTestApp, signInAnonymously, TEST_ORIGIN, type TestApp, type TestUser } from './harness.ts';

const PUBLIC_NAME = 'images.example.com';
/** A public unicast address (it passes isBlockedAddress); the stand-in dialer maps it to the local server. */
const PUBLIC_ADDRESS = '93.184.215.14';

let t: TestApp;
let user: TestUser;
let server: http.Server;
let port: number;
let png: Buffer;
const hits: { path: string; host: string | undefined }[] = [];
/** TCP connections the local server accepted: a refused URL must not even open one. */
let connections = 0;
let hugeBytesSent = 0;
let hugeFinished = false;
/** Settles when the streamed-huge response's connection closes (cut by the client, or ended). */
let hugeClosed: Promise<void> = Promise.resolve();
let onHugeClosed = () => {};

beforeAll(async () => {
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? '', host: req.headers.host });
    const self = `http://127.0.0.1:${port}`;
    switch (req.url) {
      case '/cat.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
        return;
      case '/redirect-relative':
        res.writeHead(302, { location: '/cat.png' }).end();
        return;
      case '/redirect-loopback':
        res.writeHead(302, { location: `${self}/cat.png` }).end();
        return;
      case '/redirect-metadata':
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' }).end();
        return;
      case '/redirect-rebind':
        res.writeHead(307, { location: 'http://rebind.example/cat.png' }).end();
        return;
      case '/redirect-file':
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not an image</body></html>');
        return;
      case '/png-as-octets':
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png);
        return;
      case '/missing.png':
        res.writeHead(404, { 'content-type': 'text/plain' }).end('nope');
        return;
      case '/declared-huge.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) });
        res.write(png);
        return;
      case '/streamed-huge.png': {
        // No content-length: only counting while streaming can stop this one.
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 7);
        const limit = 200 * 1024 * 1024;
        const pump = () => {
          while (hugeBytesSent < limit) {
            hugeBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          hugeFinished = true;
          res.end();
        };
        res.on('error', () => {});
        res.once('close', () => onHugeClosed());
        pump();
        return;
      }
      case '/slow.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(png.subarray(0, 16));
        return; // never ends
      case '/script.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as net.AddressInfo).port;
  t = await buildTestApp();
  user = await signInAnonymously(t.app);
});

afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const dialed: DialTarget[] = [];
/** Production fetcher, network edges replaced: names from a table, the public address dialled to the local server. */
const hooked = createSafeImageFetcher({
  resolve: async (host) => {
    const table: Record<string, string[]> = { [PUBLIC_NAME]: [PUBLIC_ADDRESS], 'rebind.example': ['127.0.0.1'] };
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  },
  dial: (target) => {
    dialed.push(target);
    if (target.tls || target.addresses.join() !== PUBLIC_ADDRESS) throw new Error(`the stand-in dialer only knows ${PUBLIC_ADDRESS}`);
    return net.connect({ host: '127.0.0.1', port });
  },
});
const fetcherWith = (opts: SafeFetchOptions) => (url: string) => hooked(url, opts);

async function appCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.catalogueCode;
    throw error;
  }
  throw new Error('expected the import to fail');
}

const importVia = (url: string, fetcher = hooked) => importRemoteImage({ db: t.database.db, storage: t.app.services.storage }, user.id, url, fetcher);

describe('POST /api/media/import', () => {
  it('refuses the local server: it is loopback, however it is spelled', async () => {
    const before = hits.length;
    for (const url of [`http://127.0.0.1:${port}/cat.png`, `http://localhost:${port}/cat.png`, `http://127.1:${port}/cat.png`, `http://[::ffff:127.0.0.1]:${port}/cat.png`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ message: 'Invalid image URL.', data: { appCode: 'INVALID_IMAGE_URL' } });
    }
    expect(hits.length).toBe(before);
  });

  it('refuses IPv6 spellings that embed the loopback IPv4 address, without opening a connection', async () => {
    const before = connections;
    const forms = ['::127.0.0.1', '::7f00:1', '::ffff:7f00:1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::1'];
    for (const host of forms) {
      const url = `http://[${host}]:${port}/x.png`;
      const res = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.data.appCode, url).toBe('INVALID_IMAGE_URL');
    }
    expect(connections).toBe(before);
  });

  it('refuses cloud metadata and non-http schemes', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', 'http://user:pw@example.com/a.png']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.data.appCode).toBe('INVALID_IMAGE_URL');
    }
  });

  it('needs a session and a url', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/media/import', payload: { url: 'https://example.com/a.png' } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/media/import', headers: { cookie: user.cookie, origin: TEST_ORIGIN }, payload: { href: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.appCode).toBe('INCORRECT_PARAMETER');
  });
});

describe('importRemoteImage', () => {
  it('fetches, re-encodes and stores the image, readable by its owner only', async () => {
    dialed.length = 0;
    const hitsBefore = hits.length;
    const result = await importVia(`http://${PUBLIC_NAME}/cat.png`);
    expect(result).toMatchObject({ width: 300, height: 200, contentType: 'image/png' });
    expect(result.key).toMatch(new RegExp(`^u/${user.id}/im-[0-9a-f-]{36}\\.png$`));
    expect(result.url).toBe(`/api/media/${result.key}`);
    // The socket went to the checked address, and the server saw the name, not an address.
    expect(dialed).toEqual([{ host: PUBLIC_NAME, port: 80, addresses: [PUBLIC_ADDRESS], tls: false }]);
    expect(hits.slice(hitsBefore)).toEqual([{ path: '/cat.png', host: PUBLIC_NAME }]);

    const rows = await t.database.db
      .select({ origin: mediaObjects.origin, userId: mediaObjects.userId, sizeBytes: mediaObjects.sizeBytes })
      .from(mediaObjects)
      .where(eq(mediaObjects.key, result.key));
    expect(rows).toEqual([{ origin: 'import', userId: user.id, sizeBytes: result.sizeBytes }]);

    const file = await t.app.inject({ method: 'GET', url: result.url, headers: { cookie: user.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBe(result.sizeBytes);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 300, height: 200, format: 'png' });

    const stranger = await signInAnonymously(t.app);
    expect((await t.app.inject({ method: 'GET', url: result.url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('follows a redirect on the same allowed host', async () => {
    const result = await importVia(`http://${PUBLIC_NAME}/redirect-relative`);
    expect(result).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses redirects to loopback, to the metadata service, to a name that resolves to loopback, to file:', async () => {
    for (const path of ['/redirect-loopback', '/redirect-metadata', '/redirect-rebind', '/redirect-file']) {
      dialed.length = 0;
      const hitsBefore = hits.length;
      expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}${path}`)), path).toBe('INVALID_IMAGE_URL');
      // Only the first hop was made; the refused target was never contacted.
      expect(dialed.length, path).toBe(1);
      expect(hits.slice(hitsBefore).map((h) => h.path)).toEqual([path]);
    }
  });

  it('gives up after three redirects', async () => {
    const hitsBefore = hits.length;
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/loop`))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(hits.length - hitsBefore).toBe(4);
  });

  it('fails with IMAGE_DOWNLOAD_FAILED for non-image responses and errors', async () => {
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/page.html`))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/png-as-octets`))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/missing.png`))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(await appCodeOf(importVia('http://unknown.example/cat.png'))).toBe('IMAGE_DOWNLOAD_FAILED');
  });

  it('refuses an oversize response from its declared length', async () => {
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/declared-huge.png`))).toBe('IMAGE_DOWNLOAD_FAILED');
  });

  it('stops reading an undeclared oversize response at the cap (20 MB)', async () => {
    hugeBytesSent = 0;
    hugeClosed = new Promise((resolve) => (onHugeClosed = resolve));
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/streamed-huge.png`))).toBe('IMAGE_DOWNLOAD_FAILED');
    // Sentinel: the server sees its connection close (the fetcher destroys the response). A
    // response that finished would close too, so waiting on it decides nothing; after it the
    // pump can write no more, so the numbers below are final.
    await hugeClosed;
    expect(hugeFinished).toBe(false);
    // The server got to write only a little past the cap before the connection was cut.
    expect(hugeBytesSent).toBeLessThan(40 * 1024 * 1024);
  });

  it('times out a server that never finishes', async () => {
    const started = Date.now();
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/slow.png`, fetcherWith({ timeoutMs: 300 })))).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('still judges the bytes: an SVG served as an image is refused and not stored', async () => {
    const keysOfUser = async () => (await t.database.db.select({ key: mediaObjects.key }).from(mediaObjects).where(eq(mediaObjects.userId, user.id))).map((r) => r.key);
    const before = await keysOfUser();
    expect(before.length).toBeGreaterThan(0);
    expect(await appCodeOf(importVia(`http://${PUBLIC_NAME}/script.svg`))).toBe('IMAGE_VALIDATION_FAILED');
    expect(await keysOfUser()).toEqual(before);
  });
});
