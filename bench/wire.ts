/**
 * bench/wire: what a cold visit to `/home` costs on the wire, in a real browser. A guest (fresh
 * browser context: no cookies, no cache) opens the page in Debian's headless Chromium; every
 * response until the network stays quiet is counted through the DevTools protocol —
 * `Network.loadingFinished.encodedDataLength` is the bytes that crossed the wire (headers
 * included), `Network.dataReceived.dataLength` the decoded bytes — so scripts imported lazily
 * after the first paint (the anonymous sign-in's fingerprint, the realtime client, locale
 * bundles) count like the static imports. Each script is also sized gzipped at level 9 from the
 * build, the figure of the issue's ≤ 150 KB goal. The same visit by a browser that accepts no
 * encoding (`Accept-Encoding: identity`: the server then sends everything uncompressed, its
 * pre-compressed files and its dynamic answers alike) is the baseline.
 * HTTP responses only: the realtime WebSocket's frames (a few hundred bytes here) are not counted.
 * KB = 1,024 bytes. Prints figures; asserts nothing. Alone: `node --import tsx bench/wire.ts`
 * (BENCH_WIRE_LIST=1 lists every response of the compressed visit).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer } from '@tessera/studio/e2e/harness';
import { DIST, ensureStudioBuilt } from './canvas.ts';

/** Issue 25: ≤ 150 KB of gzipped JavaScript, and ≤ 150 KB on the wire, for a cold `/home`. */
const WIRE_GOAL_KB = 150;
/** The network counts as idle once nothing was requested or finished for this long. */
const QUIET_MS = 1500;
const PAGE = '/home';

interface Response {
  url: string;
  type: string;
  encoding: string;
  wireBytes: number;
  decodedBytes: number;
}

interface WireVisit {
  requests: number;
  wireKb: number;
  scripts: number;
  scriptWireKb: number;
  scriptDecodedKb: number;
  scriptGzipKb: number;
  /** Content-Encoding of the scripts, e.g. `br ×40`. */
  scriptEncodings: string;
  /** Every response, largest on the wire first. */
  list: { path: string; type: string; encoding: string; wireKb: number; gzipKb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Gzipped size (level 9, as the build's `.gz` copies) of the built file an URL path names. */
function gzipBytes(dist: string, urlPath: string): number {
  try {
    return gzipSync(readFileSync(join(dist, decodeURIComponent(urlPath))), { level: 9 }).length;
  } catch {
    return NaN;
  }
}

async function coldVisit(browser: Browser, baseUrl: string, dist: string, acceptEncoding?: string): Promise<WireVisit> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const responses = new Map<string, Response>();
  let lastEvent = Date.now();
  const touch = () => (lastEvent = Date.now());
  const entry = (id: string) => {
    let r = responses.get(id);
    if (!r) responses.set(id, (r = { url: '', type: 'Other', encoding: '', wireBytes: 0, decodedBytes: 0 }));
    return r;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    touch();
    Object.assign(entry(e.requestId), { url: e.request.url, type: e.type ?? 'Other' });
  });
  cdp.on('Network.responseReceived', (e) => {
    touch();
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    Object.assign(entry(e.requestId), { type: e.type, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.dataReceived', (e) => void (entry(e.requestId).decodedBytes += e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    touch();
    entry(e.requestId).wireBytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', touch);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    await page.goto(`${baseUrl}${PAGE}`, { waitUntil: 'networkidle', timeout: 60_000 });
    // Lazy imports started after Playwright's idle (a sign-in, then the socket client) still count.
    const deadline = Date.now() + 30_000;
    while (Date.now() - lastEvent < QUIET_MS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await context.close();
  }
  const all = [...responses.values()].filter((r) => r.url.startsWith('http'));
  const scripts = all.filter((r) => r.type === 'Script');
  const list = all.map((r) => {
    const path = new URL(r.url).pathname;
    return { path, type: r.type, encoding: r.encoding, wireKb: kb(r.wireBytes), gzipKb: r.type === 'Script' ? kb(gzipBytes(dist, path)) : NaN };
  });
  const encodings = new Map<string, number>();
  for (const s of scripts) encodings.set(s.encoding, (encodings.get(s.encoding) ?? 0) + 1);
  const sum = (rs: Response[], f: (r: Response) => number) => rs.reduce((n, r) => n + f(r), 0);
  return {
    requests: all.length,
    wireKb: kb(sum(all, (r) => r.wireBytes)),
    scripts: scripts.length,
    scriptWireKb: kb(sum(scripts, (r) => r.wireBytes)),
    scriptDecodedKb: kb(sum(scripts, (r) => r.decodedBytes)),
    scriptGzipKb: kb(scripts.reduce((n, r) => n + gzipBytes(dist, new URL(r.url).pathname), 0)),
    scriptEncodings: [...encodings].map(([enc, n]) => `${enc} ×${n}`).join(', '),
    list: list.sort((a, b) => b.wireKb - a.wireKb),
  };
}

export async function benchWire(): Promise<{ compressed: WireVisit; baseline: WireVisit }> {
  ensureStudioBuilt();
  const server = await startServer({ env: { STUDIO_DIST: DIST } });
  const browser = await launchBrowser();
  try {
    return { compressed: await coldVisit(browser, server.url, DIST), baseline: await coldVisit(browser, server.url, DIST, 'identity') };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const mark = (ok: boolean) => (ok ? '✓' : '✗ over the goal');

export function printWireBench({ compressed, baseline }: { compressed: WireVisit; baseline: WireVisit }): void {
  const row = (v: WireVisit) => ({
    requests: v.requests,
    'on the wire KB': v.wireKb,
    scripts: v.scripts,
    'scripts on the wire KB': v.scriptWireKb,
    'scripts decoded KB': v.scriptDecodedKb,
    'scripts gzipped KB': v.scriptGzipKb,
    'script encodings': v.scriptEncodings,
  });
  console.table({ 'compressed (served)': row(compressed), 'uncompressed (baseline)': row(baseline) });
  console.log(`${PAGE}: ${compressed.scriptGzipKb} KB of gzipped JavaScript in ${compressed.scripts} scripts (goal ≤ ${WIRE_GOAL_KB}) ${mark(compressed.scriptGzipKb <= WIRE_GOAL_KB)}`);
  console.log(`${PAGE}: ${compressed.wireKb} KB on the wire, every response (goal ≤ ${WIRE_GOAL_KB}; baseline ${baseline.wireKb}) ${mark(compressed.wireKb <= WIRE_GOAL_KB)}`);
  if (process.env.BENCH_WIRE_LIST === '1') console.table(compressed.list);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`bench/wire — cold guest visit to ${PAGE} in headless Chromium, every response until the network is quiet for ${QUIET_MS} ms`);
  printWireBench(await benchWire());
}
