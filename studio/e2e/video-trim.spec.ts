/**
 * Trimming in the browser with ffmpeg.wasm before upload (issue 9), on the `/app/video-bench`
 * page, which mounts the real VideoInput: a 30 s 640×360 clip (made with the system ffmpeg, a
 * keyframe every second) keeps the 3–30 s rule and is small, so it goes straight up; "Trim" opens
 * the dialog, the end handle is moved with the keyboard (the rule is shown live and blocks a 2 s
 * range), and Trim & upload cuts 0–5 s with ffmpeg.wasm — the core fetched from our own origin
 * only — and uploads only the trimmed file. The stored file is downloaded through its /api/media
 * URL and probed with ffprobe: 5 s within 0.1 s. Cancelling a running trim closes the dialog and
 * uploads nothing. Then the trim function itself: a start on a
 * keyframe is stream-copied, one between keyframes re-encoded, both 5 s.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '@tessera/server/media/probe';
import { addSessionCookie, signUpVerified, useE2E, watchPageErrors } from './harness.ts';
import { makeTestClip } from './videoClip.ts';

const e2e = useE2E();
const dir = mkdtempSync(join(tmpdir(), 'tessera-trim-'));
const clip = join(dir, 'clip30.mp4');

interface Value {
  ref: string;
  url: string;
  durationS: number;
  width: number;
  height: number;
}
type BenchGlobal = { __videoBench?: { trim(startS: number, endS: number, mode: 'auto'): Promise<{ method: string; durationS: number; ms: number }> } };

let context: BrowserContext;
let page: Page;
let cookie: string;
let errors: string[];
const requests: string[] = [];

beforeAll(async () => {
  await makeTestClip(clip, { seconds: 30, width: 640, height: 360 });
  cookie = await signUpVerified(e2e.server.url, 'trimmer@example.com', { name: 'Trimmer' });
  context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await addSessionCookie(context, e2e.server.url, cookie);
  // Every upload the page starts, noted as it is started (uploads go through XMLHttpRequest).
  await context.addInitScript(() => {
    const uploads: string[] = [];
    (window as unknown as { __uploadsStarted: string[] }).__uploadsStarted = uploads;
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      if (String(url).includes('/api/media/upload')) uploads.push(`${method} ${String(url)}`);
      return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof XMLHttpRequest.prototype.open;
  });
  page = await context.newPage();
  errors = watchPageErrors(page);
  page.on('request', (r) => requests.push(r.url()));
});

afterAll(async () => {
  await context?.close();
});

async function value(): Promise<Value | null> {
  const text = await page.getByTestId('video-bench-value').textContent();
  return text ? (JSON.parse(text) as Value) : null;
}

async function waitForValue(check: (v: Value) => boolean, timeout: number): Promise<Value> {
  let v: Value | null = null;
  try {
    await expect.poll(async () => Boolean((v = await value()) && check(v)), { timeout, interval: 200 }).toBe(true);
  } catch {
    throw new Error(`no matching value; last: ${JSON.stringify(v)}; page errors: ${errors.join('\n')}`);
  }
  return v!;
}

const uploadsStarted = () => page.evaluate(() => [...(window as unknown as { __uploadsStarted: string[] }).__uploadsStarted]);

describe('in-browser trimming before upload', () => {
  it('trims a 30 s clip to 5 s with ffmpeg.wasm and the server stores a 5 s video', async () => {
    const uploads: string[] = [];
    page.on('request', (req) => req.url().includes('/api/media/upload') && uploads.push(req.url()));
    await page.goto(`${e2e.server.url}/app/video-bench`);
    await page.getByTestId('video-bench-input-file').setInputFiles(clip);

    // Choosing a file opens the trim dialog; nothing is uploaded before the range is picked.
    await page.getByTestId('trim-dialog').waitFor();
    const end = page.getByTestId('trim-end');
    await expect.poll(() => end.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('30');

    // 30 → 2 s with Shift+arrows: the rule breaks and Trim & upload is disabled.
    await end.focus();
    for (let i = 0; i < 28; i++) await page.keyboard.press('Shift+ArrowLeft');
    expect(await end.getAttribute('aria-valuenow')).toBe('2');
    expect(await page.getByTestId('trim-rule').getAttribute('data-ok')).toBe('false');
    expect(await page.getByTestId('trim-submit').isDisabled()).toBe(true);

    // 2 → 5 s: 3 × 1 s, then 0.1 s steps up and back down.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await end.getAttribute('aria-valuenow')).toBe('5.1');
    await page.keyboard.press('ArrowLeft');
    expect(await end.getAttribute('aria-valuenow')).toBe('5');
    expect(await page.getByTestId('trim-length-readout').textContent()).toBe('0:05.0');
    expect(await page.getByTestId('trim-rule').getAttribute('data-ok')).toBe('true');

    await page.getByTestId('trim-submit').click();
    const trimmed = await waitForValue((v) => v.durationS < 10, 90_000);
    // Only the trimmed file went up.
    expect(uploads).toHaveLength(1);
    expect(Math.abs(trimmed.durationS - 5)).toBeLessThanOrEqual(0.1);
    await page.getByTestId('trim-dialog').waitFor({ state: 'detached' });

    // The stored file, fetched like the studio does and probed on this side.
    const res = await fetch(`${e2e.server.url}${trimmed.url}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const stored = join(dir, 'stored.mp4');
    writeFileSync(stored, bytes);
    const probe = await probeVideo(stored);
    expect(Math.abs(probe.durationS - 5)).toBeLessThanOrEqual(0.1);
    expect(probe).toMatchObject({ codec: 'h264', width: 640, height: 360, hasAudio: true });

    // ffmpeg.wasm came from our origin (hashed assets, the wasm as application/wasm), nothing from elsewhere.
    const core = requests.filter((u) => /ffmpeg-core-[\w-]+\.(js|wasm)$/.test(u));
    expect(core.some((u) => u.endsWith('.wasm'))).toBe(true);
    expect(core.every((u) => u.startsWith(`${e2e.server.url}/assets/`))).toBe(true);
    expect(requests.filter((u) => !u.startsWith(e2e.server.url) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
    const wasm = await fetch(core.find((u) => u.endsWith('.wasm')) as string, { method: 'HEAD' });
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(errors).toEqual([]);
  });

  it('cancels a running trim: the dialog closes and nothing is uploaded', async () => {
    const before = await value();
    const startedBefore = await uploadsStarted();
    const uploads: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/media/upload')) uploads.push(r.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('video-bench-input-trim').click();
    const start = page.getByTestId('trim-start');
    await expect.poll(() => page.getByTestId('trim-end').getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('30');
    // 0.5 s in: between keyframes, so a re-encode of 29.5 s — long enough to cancel midway.
    await start.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await start.getAttribute('aria-valuenow')).toBe('0.5');
    await page.getByTestId('trim-submit').click();
    await page.locator('[data-testid="trim-dialog"][data-phase="trim"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('trim-cancel').click();
    await page.getByTestId('trim-dialog').waitFor({ state: 'detached' });
    // Sentinel: a later trim through the same shared ffmpeg.wasm. Cancel terminates its worker;
    // had it not, the canceled job would still hold that worker, which runs its jobs in order,
    // so the later one could finish only after it — and the dialog starts its upload as soon as
    // its trim is done. The page notes every upload it starts, as it starts it.
    await page.getByTestId('video-bench-file').setInputFiles(clip);
    await page.locator('[data-testid="video-bench"][data-ready="clip"]').waitFor();
    const later = await page.evaluate(() => (globalThis as BenchGlobal).__videoBench?.trim(10, 15, 'auto'));
    expect(later?.method).toBe('copy');
    expect(await uploadsStarted()).toEqual(startedBefore);
    page.off('request', onRequest);
    expect(uploads).toEqual([]);
    expect(await value()).toEqual(before);
  });

  it('stream-copies a range starting on a keyframe and re-encodes one that does not', async () => {
    await page.getByTestId('video-bench-file').setInputFiles(clip);
    await page.locator('[data-testid="video-bench"][data-ready="clip"]').waitFor();
    const onKeyframe = await page.evaluate(() => (globalThis as BenchGlobal).__videoBench?.trim(10, 15, 'auto'));
    expect(onKeyframe?.method).toBe('copy');
    expect(Math.abs((onKeyframe?.durationS ?? 0) - 5)).toBeLessThanOrEqual(0.1);
    const between = await page.evaluate(() => (globalThis as BenchGlobal).__videoBench?.trim(10.5, 15.5, 'auto'));
    expect(between?.method).toBe('reencode');
    expect(Math.abs((between?.durationS ?? 0) - 5)).toBeLessThanOrEqual(0.1);
    expect(errors).toEqual([]);
  });
});
