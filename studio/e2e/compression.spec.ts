/**
 * Issue 25: the built studio is served pre-compressed. The build writes brotli and gzip copies
 * (studio/vite-plugins/precompress.ts) and the server picks one by Accept-Encoding
 * (server/src/plugins/studio.ts): brotli when accepted, gzip when only gzip is, the plain file
 * otherwise — always with `Vary: Accept-Encoding`, the same bytes once decoded, a year's
 * immutable caching for hashed assets and `no-cache` for the page. And a cold guest visit to
 * `/home` stays within its JavaScript budget, every script counted until the network is idle
 * (the figures themselves: bench/wire.ts).
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const e2e = useE2E();

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch would pick its own Accept-Encoding and decode the body. */
function rawGet(url: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (r: RawResponse) =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;

/**
 * Issue 25's goal for a cold `/home` is 150 KB, not reached yet (221 KB when this was written:
 * React DOM, the router, i18next, the auth and tRPC clients, and the fingerprint and Socket.IO
 * client the guest's anonymous session loads — docs/benchmarks.md). This budget catches a
 * library slipping into the page; lower it as the page gets lighter.
 */
const HOME_JS_BUDGET_KB = 235;

describe('pre-compressed studio files', () => {
  it('negotiates brotli, gzip or identity for a hashed asset and the page, with the right cache headers', async () => {
    const page = await rawGet(`${e2e.server.url}/home`, 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const html = decode(page).toString('utf8');
    const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();

    const plain = await rawGet(`${e2e.server.url}${entry}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await rawGet(`${e2e.server.url}${entry}`, accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      if (encoding) expect(res.body.length, accept).toBeLessThan(plain.body.length);
      expect(decode(res).equals(plain.body), accept).toBe(true);
    }
  });

  it(`a cold guest visit to /home loads at most ${HOME_JS_BUDGET_KB} KB of gzipped JavaScript`, async () => {
    const context = await e2e.browser.newContext();
    try {
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
      });
      await page.goto(`${e2e.server.url}/home`, { waitUntil: 'networkidle' });
      const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
      expect(scripts.length).toBeGreaterThan(0);
      expect(kb).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
    } finally {
      await context.close();
    }
  });
});
