/**
 * The timeline editor in a real browser against the real server: Ava puts two uploaded clips
 * (made with the system ffmpeg, uploaded through the real upload route) on the timeline — one
 * with "Send to timeline", one dragged from the canvas onto the dock — trims, splits, reorders, undoes,
 * and Ben, on the same project in another browser, sees each edit live; Vic, a viewer, cannot
 * change it. Text and a clip's sound are added, the preview plays. Then the two-clip timeline is
 * exported on the local engine and the result plays in the page (readyState ≥ 2, its duration the
 * timeline's within 0.1 s) and is checked with ffprobe after downloading; its sound goes on the
 * audio track with "Add sound", and a clip is extended in place with a generation. Last, the
 * issue's "trim in the editor": a local 30 s clip added through the editor's add-video, trimmed to
 * 5 s with ffmpeg.wasm, is stored as 5 s (ffprobe).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { addSessionCookie, signUpVerified, trpcCall, useE2E, watchPageErrors } from './harness.ts';
import { makeTestClip } from './videoClip.ts';

const e2e = useE2E();
/** Uploads are probed and the export rendered on two cores shared with the browser. */
const TEST_TIMEOUT_MS = 300_000;
const dir = mkdtempSync(join(tmpdir(), 'tessera-editor-e2e-'));

interface Person {
  cookie: string;
  context: BrowserContext;
  page: Page;
  errors: string[];
}
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function person(browser: Browser, email: string, name: string): Promise<Person> {
  const cookie = await signUpVerified(e2e.server.url, email, { name });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  contexts.push(context);
  await addSessionCookie(context, e2e.server.url, cookie);
  const page = await context.newPage();
  return { cookie, context, page, errors: watchPageErrors(page) };
}

/** A 320×240 test-pattern clip of `seconds` with a tone (the system ffmpeg, as the trim test makes its clip). */
async function makeClip(name: string, seconds: number, size = { width: 320, height: 240 }): Promise<string> {
  const path = join(dir, name);
  await makeTestClip(path, { seconds, ...size, fps: 24 });
  return path;
}

/** Uploads a file through the real upload route (as the studio does) and returns its media URL. */
async function upload(cookie: string, path: string): Promise<{ url: string; durationS: number }> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${e2e.server.url}/api/media/upload`, { method: 'POST', headers: { cookie, origin: e2e.server.url }, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { url: string; durationS: number };
}

function probe(path: string): { duration: number; codecs: string[] } {
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]).toString();
  const json = JSON.parse(out) as { streams: { codec_name: string }[]; format: { duration: string } };
  return { duration: Number(json.format.duration), codecs: json.streams.map((s) => s.codec_name).sort() };
}

async function openEditor(p: Person, projectId: string): Promise<void> {
  await p.page.goto(`${e2e.server.url}/app/canvas/${projectId}`);
  await p.page.locator('[data-testid="canvas-page"][data-phase="ready"]').waitFor({ timeout: 30_000 });
  await p.page.evaluate(() => window.__tesseraCanvas?.viewport.setCamera({ x: 0, y: 0, zoom: 1 }));
  await p.page.getByTestId('tool-timeline').click();
  await p.page.getByTestId('editor-body').waitFor({ timeout: 30_000 });
}

/** Video-track clips as the page shows them: [start, duration] in play order, to 0.1 s (generated lengths vary by a frame). */
async function videoClips(page: Page): Promise<[number, number][]> {
  const blocks = page.locator('[data-testid="editor-clip"][data-track="video"]');
  const all = await blocks.evaluateAll((els) => els.map((el) => [el.getAttribute('data-start'), el.getAttribute('data-duration')].map((v) => Math.round(Number(v) * 10) / 10) as [number, number]));
  return all.sort((a, b) => a[0] - b[0]);
}

async function waitForClips(page: Page, want: [number, number][], what: string): Promise<void> {
  await expect.poll(() => videoClips(page), { timeout: 20_000, message: what }).toEqual(want);
}

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the timeline editor', () => {
  it('edits two clips live between two people, undoes, and exports an MP4 that plays', async () => {
    const { browser } = e2e;
    const ava = await person(browser, 'ava.editor@example.com', 'Ava');
    const ben = await person(browser, 'ben.editor@example.com', 'Ben');
    const vic = await person(browser, 'vic.editor@example.com', 'Vic');
    const project = await trpcCall<{ id: string }>(e2e.server.url, ava.cookie, 'project.create', { name: 'Cut' });
    for (const [member, role] of [
      [ben, 'editor'],
      [vic, 'viewer'],
    ] as const) {
      const link = await trpcCall<{ url: string }>(e2e.server.url, ava.cookie, 'project.createInviteLink', { projectId: project.id, role });
      await trpcCall(e2e.server.url, member.cookie, 'project.acceptInvite', { token: link.url.split('/').pop() });
    }

    const three = await upload(ava.cookie, await makeClip('three.mp4', 3));
    const four = await upload(ava.cookie, await makeClip('four.mp4', 4));
    await openEditor(ava, project.id);
    await openEditor(ben, project.id);
    await ava.page.getByTestId('editor-empty').waitFor();

    // Clip 1: a video node on the canvas, selected, "Send to timeline" (its length read by the browser).
    await ava.page.evaluate((src) => window.__tesseraCanvas?.placeMedia([{ src, width: 320, height: 240, mediaType: 'video', name: 'Harbour at dawn' }], { x: 200, y: 160 }), three.url);
    await ava.page.getByTestId('editor-send-selection').click();
    await waitForClips(ava.page, [[0, 3]], 'the first clip on the timeline');

    // Clip 2: dragged from the canvas and released over the dock.
    await ava.page.evaluate((src) => window.__tesseraCanvas?.placeMedia([{ src, width: 320, height: 240, mediaType: 'video' }], { x: 700, y: 160 }), four.url);
    const stage = await ava.page.getByTestId('canvas-stage').boundingBox();
    if (!stage) throw new Error('no stage');
    const tracks = await center(ava.page.getByTestId('editor-row-video'));
    await ava.page.mouse.move(stage.x + 700, stage.y + 160);
    await ava.page.mouse.down();
    await ava.page.mouse.move(tracks.x, tracks.y, { steps: 12 });
    await ava.page.mouse.up();
    await waitForClips(ava.page, [[0, 3], [3, 4]], 'the dragged clip after the first');
    await waitForClips(ben.page, [[0, 3], [3, 4]], "Ava's clips on Ben's timeline");
    // Clips go by a human name (issue 22): the node's, else their kind and start — never the media key's UUID.
    const names = (page: Page) => page.locator('[data-testid="editor-clip"][data-track="video"] [data-testid="editor-clip-name"]').allTextContents();
    expect(await names(ben.page)).toEqual(['Harbour at dawn', 'Video at 0:03']);
    // The drag put the clip on the timeline; the node stayed where it was on the canvas.
    const videoNodes = await ava.page.evaluate(() => (window.__tesseraCanvas?.store.all() ?? []).filter((n) => n.type === 'video').map((n) => Math.round(n.x)));
    expect(videoNodes).toHaveLength(2);

    // Trim: the first clip's out handle 1 s to the left (60 px at the default zoom); the next clip ripples.
    const firstClip = ava.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="0.000"]');
    const handle = await firstClip.getByTestId('editor-trim-out').boundingBox();
    if (!handle) throw new Error('no trim handle');
    const pxPerS = Number(await ava.page.getByTestId('editor-tracks').getAttribute('data-px-per-s'));
    await ava.page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await ava.page.mouse.down();
    await ava.page.mouse.move(handle.x + handle.width / 2 - pxPerS, handle.y + handle.height / 2, { steps: 8 });
    await ava.page.mouse.up();
    await waitForClips(ava.page, [[0, 2], [2, 4]], 'the trimmed clip');
    await waitForClips(ben.page, [[0, 2], [2, 4]], "Ava's trim on Ben's timeline");

    // Scrub: a click on the ruler near 3 s moves the playhead there; then exactly 3 s with the
    // keys (Home, shift+→ three times) and S splits: three clips. Undo: two again, for Ben too.
    const ruler = await ava.page.getByTestId('editor-ruler').boundingBox();
    if (!ruler) throw new Error('no ruler');
    const time = () => ava.page.getByTestId('editor-preview-stage').getAttribute('data-time').then(Number);
    await ava.page.mouse.click(ruler.x + 3 * pxPerS, ruler.y + ruler.height / 2);
    await expect.poll(time).toBeCloseTo(3, 1);
    await ava.page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await ava.page.keyboard.press('Shift+ArrowRight');
    await expect.poll(time).toBe(3);
    await ava.page.keyboard.press('s');
    await waitForClips(ava.page, [[0, 2], [2, 1], [3, 3]], 'the split');
    await waitForClips(ben.page, [[0, 2], [2, 1], [3, 3]], "Ava's split on Ben's timeline");
    await ava.page.keyboard.press('Control+z');
    await waitForClips(ava.page, [[0, 2], [2, 4]], 'the undone split');
    await waitForClips(ben.page, [[0, 2], [2, 4]], "the undone split on Ben's timeline");

    // Ben's ripple delete of the second clip, then his undo: Ava's trim stays (not his to undo).
    await ben.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="2.000"]').click();
    expect(await ben.page.getByTestId('editor-selected-clip-name').textContent()).toBe('Video at 0:02');
    await ben.page.keyboard.press('Delete');
    await waitForClips(ava.page, [[0, 2]], "Ben's delete on Ava's timeline");
    await ben.page.keyboard.press('Control+z');
    await ben.page.keyboard.press('Control+z');
    await waitForClips(ava.page, [[0, 2], [2, 4]], "Ben's undo on Ava's timeline");

    // Reorder by drag: the second clip's body dragged to the front; undo puts it back.
    const body = await center(ava.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="2.000"]'));
    await ava.page.mouse.move(body.x, body.y);
    await ava.page.mouse.down();
    await ava.page.mouse.move(body.x - 3.5 * pxPerS, body.y, { steps: 10 });
    await ava.page.mouse.up();
    await waitForClips(ben.page, [[0, 4], [4, 2]], "Ava's reorder on Ben's timeline");
    await ava.page.keyboard.press('Control+z');
    await waitForClips(ben.page, [[0, 2], [2, 4]], "Ava's undone reorder on Ben's timeline");

    // Vic, a viewer, sees the timeline but cannot change it.
    await openEditor(vic, project.id);
    await waitForClips(vic.page, [[0, 2], [2, 4]], "the timeline on Vic's screen");
    expect(await vic.page.getByTestId('editor-add-video').isDisabled()).toBe(true);
    const timeline = (page: Page) => page.evaluate(() => JSON.stringify(window.__tesseraCanvas!.doc.getMap('timeline').toJSON()));
    const avaTimeline = await timeline(ava.page);
    await vic.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="0.000"]').click();
    await vic.page.keyboard.press('Delete');
    await vic.page.keyboard.press('s');
    // Sentinel: an awareness change Vic sends after his key presses reaches Ava. His provider
    // sends document updates and awareness changes on one WebSocket as they happen, the server
    // handles one connection's messages in order and relays each to every connection as it
    // handles it, and Ava's provider applies them in order: anything Vic changed that the server
    // accepted would be in Ava's document by then.
    await vic.page.evaluate(() => window.__tesseraCanvas!.presence.awareness.setLocalStateField('e2eSentinel', 'after-viewer-keys'));
    await ava.page.waitForFunction(() =>
      [...(window.__tesseraCanvas?.presence.awareness.getStates().values() ?? [])].some((state) => (state as { e2eSentinel?: string }).e2eSentinel === 'after-viewer-keys'),
    );
    expect(await timeline(ava.page)).toBe(avaTimeline);
    await waitForClips(ava.page, [[0, 2], [2, 4]], 'the timeline untouched by the viewer');

    // Zoom in and back out with the buttons.
    await ava.page.getByTestId('editor-zoom-in').click();
    expect(Number(await ava.page.getByTestId('editor-tracks').getAttribute('data-px-per-s'))).toBe(pxPerS * 1.25);
    await ava.page.getByTestId('editor-zoom-out').click();
    expect(Number(await ava.page.getByTestId('editor-tracks').getAttribute('data-px-per-s'))).toBe(pxPerS);

    // A text overlay at the playhead, its text edited; it shows in the preview and on Ben's timeline.
    await ava.page.keyboard.press('Home');
    await ava.page.getByTestId('editor-add-text').click();
    const text = ava.page.getByTestId('editor-overlay-text');
    await text.fill('Hello there');
    await text.press('Enter');
    await expect.poll(() => ava.page.getByTestId('editor-preview-overlay').textContent()).toBe('Hello there');
    await expect.poll(() => ben.page.getByTestId('editor-overlay').textContent(), { timeout: 20_000 }).toBe('Hello there');

    // The first clip's sound onto the audio track, under the clip.
    await ava.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="0.000"]').click();
    await ava.page.getByTestId('editor-sound-to-audio').click();
    const audioClip = ben.page.locator('[data-testid="editor-clip"][data-track="audio"]');
    await expect.poll(() => audioClip.count(), { timeout: 20_000 }).toBe(1);
    expect([await audioClip.getAttribute('data-start'), await audioClip.getAttribute('data-duration')]).toEqual(['0.000', '2.000']);

    // The preview plays: the playhead moves and the second clip's element plays its source.
    await ava.page.keyboard.press('Home');
    await ava.page.getByTestId('editor-play').click();
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(2.3);
    await ava.page.getByTestId('editor-play').click();
    const previewVideo = () =>
      ava.page.evaluate(() => {
        const els = [...document.querySelectorAll('[data-testid="editor-preview-stage"] video')] as HTMLVideoElement[];
        const shown = els.find((v) => Number(v.style.opacity) > 0.5);
        return shown ? { readyState: shown.readyState, time: shown.currentTime } : null;
      });
    // The paused element has the frame at its position decoded (HAVE_CURRENT_DATA) once the
    // browser gets to it: a busy machine can take a moment after the pause.
    await expect.poll(async () => (await previewVideo())?.readyState ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect((await previewVideo())?.time).toBeGreaterThan(0);

    // Export the two-clip timeline (6 s) at 480p and play the result.
    await ava.page.getByTestId('editor-export-open').click();
    await ava.page.getByTestId('editor-export-resolution').selectOption('480p');
    expect(await ava.page.getByTestId('editor-export-clips').textContent()).toBe('Clips: Harbour at dawn · Video at 0:02');
    const start = ava.page.getByTestId('editor-export-start');
    await expect.poll(() => start.textContent()).toMatch(/2 credits$/);
    await start.click();
    const result = ava.page.getByTestId('editor-export-video');
    await result.waitFor({ timeout: 240_000 });
    await expect.poll(() => result.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const played = await result.evaluate((v: HTMLVideoElement) => ({ duration: v.duration, width: v.videoWidth, height: v.videoHeight }));
    expect(Math.abs(played.duration - 6)).toBeLessThanOrEqual(0.1);
    expect(played).toMatchObject({ width: 854, height: 480 });

    const href = await ava.page.getByTestId('editor-export-download').getAttribute('href');
    const res = await fetch(`${e2e.server.url}${href}`, { headers: { cookie: ava.cookie } });
    expect(res.status).toBe(200);
    const file = join(dir, 'export.mp4');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const probed = probe(file);
    expect(Math.abs(probed.duration - 6)).toBeLessThanOrEqual(0.1);
    expect(probed.codecs).toEqual(['aac', 'h264']);

    await ava.page.keyboard.press('Escape');

    // "Add sound": the export (a video creation) picked, its sound on the audio track.
    await ava.page.getByTestId('editor-add-sound').click();
    await ava.page.getByTestId('picker-item').first().click();
    await expect.poll(() => ava.page.locator('[data-testid="editor-clip"][data-track="audio"]').count(), { timeout: 20_000 }).toBe(2);

    // Extend the second clip in place: a progress bar on the clip, then its source is the
    // extension (4 s + 5 s), for Ben too.
    const second = ava.page.locator('[data-testid="editor-clip"][data-track="video"][data-start="2.000"]');
    const before = await second.getAttribute('data-src');
    await second.click();
    await ava.page.getByTestId('editor-extend').click();
    await ava.page.getByTestId('editor-clip-progress').waitFor();
    await waitForClips(ava.page, [[0, 2], [2, 9]], 'the extended clip');
    await waitForClips(ben.page, [[0, 2], [2, 9]], "the extended clip on Ben's timeline");
    expect(await second.getAttribute('data-src')).not.toBe(before);

    const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));
    expect(unexpected(ava.errors)).toEqual([]);
    expect(unexpected(ben.errors)).toEqual([]);
    expect(unexpected(vic.errors)).toEqual([]);
  }, TEST_TIMEOUT_MS);

  it("adds a local 30 s clip through the editor's add-video, trimmed to 5 s in the browser, and the server stores 5 s", async () => {
    const cleo = await person(e2e.browser, 'cleo.editor@example.com', 'Cleo');
    const project = await trpcCall<{ id: string }>(e2e.server.url, cleo.cookie, 'project.create', { name: 'Trim' });
    const local = await makeClip('thirty.mp4', 30, { width: 640, height: 360 });
    await openEditor(cleo, project.id);
    const { page } = cleo;

    await page.getByTestId('editor-add-video').click();
    await page.getByTestId('editor-video-input-file').setInputFiles(local);
    // Choosing the file opens the trim dialog: the range is picked before anything is uploaded.
    await page.getByTestId('trim-dialog').waitFor({ timeout: 60_000 });
    const end = page.getByTestId('trim-end');
    await expect.poll(() => end.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('30');
    await end.focus();
    for (let i = 0; i < 25; i++) await page.keyboard.press('Shift+ArrowLeft');
    expect(await end.getAttribute('aria-valuenow')).toBe('5');
    await page.getByTestId('trim-submit').click();
    await page.getByTestId('trim-dialog').waitFor({ state: 'detached', timeout: 120_000 });
    await page.getByTestId('editor-add-video-confirm').click();

    const clip = page.locator('[data-testid="editor-clip"][data-track="video"]');
    await expect.poll(() => clip.count(), { timeout: 20_000 }).toBe(1);
    expect(Math.abs(Number(await clip.getAttribute('data-duration')) - 5)).toBeLessThanOrEqual(0.1);
    expect(await clip.getByTestId('editor-clip-name').textContent()).toBe('thirty.mp4');
    // The stored file the clip plays, probed on this side: 5 s.
    const src = await clip.getAttribute('data-src');
    const res = await fetch(`${e2e.server.url}${src}`, { headers: { cookie: cleo.cookie } });
    expect(res.status).toBe(200);
    const stored = join(dir, 'trimmed.mp4');
    writeFileSync(stored, Buffer.from(await res.arrayBuffer()));
    expect(Math.abs(probe(stored).duration - 5)).toBeLessThanOrEqual(0.1);
    expect(cleo.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  }, TEST_TIMEOUT_MS);
});
