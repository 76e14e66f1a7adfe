import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meanVelocity, readGreyFrames, stepMotions } from '../motion.ts';
import { VIDEO_FPS } from '../videoKinds.ts';
import { continuationFramings, continuationVelocity, renderVideoExtend } from './extend.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-extend-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const still = { dx: 0, dy: 0, scale: 1, angle: 0 };

describe('what an extension carries on', () => {
  it('keeps a moving ending at its own speed, but never zooms out', () => {
    expect(continuationVelocity({ dx: -0.004, dy: 0.001, scale: 1.002, angle: 0 }, '', 120)).toEqual({ dx: -0.004, dy: 0.001, logZoom: Math.log(1.002) });
    expect(continuationVelocity({ dx: 0.003, dy: 0, scale: 0.99, angle: 0 }, '', 120).logZoom).toBe(0);
  });

  it("drifts a still ending the way the prompt's camera words say, pushing in by default", () => {
    expect(continuationVelocity(still, 'the camera pans left', 120).dx).toBeGreaterThan(0);
    expect(continuationVelocity(still, 'pan right along the street', 120).dx).toBeLessThan(0);
    expect(continuationVelocity(still, 'tilt up to the sky', 120).dy).toBeGreaterThan(0);
    const push = continuationVelocity(still, 'and then', 120);
    expect(push.logZoom * 120).toBeCloseTo(Math.log(1.08), 6);
  });

  it('frames the continuation inside the last frame, starting one step along and easing out', () => {
    const framings = continuationFramings({ dx: -0.01, dy: 0.004, logZoom: 0 }, 120);
    expect(framings).toHaveLength(120);
    for (const f of framings) {
      // the window (1/zoom of the frame) never leaves the frame
      expect(f.x).toBeGreaterThanOrEqual(-1e-9);
      expect(f.x + 1 / f.zoom).toBeLessThanOrEqual(1 + 1e-9);
      expect(f.y).toBeGreaterThanOrEqual(-1e-9);
      expect(f.y + 1 / f.zoom).toBeLessThanOrEqual(1 + 1e-9);
    }
    // where the last frame's centre shows: 0.5 + zoom·(0.5 − x) − 0.5 … one full step on the first frame
    const centreShift = (f: { zoom: number; x: number }) => (0.5 - f.x) * f.zoom - 0.5;
    expect(centreShift(framings[0]!)).toBeCloseTo(-0.01, 6);
    const lastSteps = centreShift(framings[119]!) - centreShift(framings[118]!);
    expect(Math.abs(lastSteps)).toBeLessThan(0.001);
    // the push-in a pan needs stays within MAX_ZOOM
    expect(framings[119]!.zoom).toBeLessThanOrEqual(1.5);
  });
});

describe('extending a video on the local engine', () => {
  it('continues the last second’s camera motion past the end, easing out', async () => {
    // a camera panning right over ffmpeg's test picture: the picture slides left 24 px a second
    // (panned at 4× the size and scaled down, so it moves smoothly rather than in whole pixels)
    const source = join(dir, 'pan.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "testsrc2=s=960x720:r=24:d=3,crop=640:480:x='t*96':y=0,scale=160:120", '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', source]);
    const ctx = { reportProgress() {}, signal: new AbortController().signal, loadMedia: async () => readFile(source) };
    const clip = await renderVideoExtend({ video: 'pan', prompt: '', duration: 5, source: { durationS: 3, width: 160, height: 120 } }, ctx, {});
    expect(clip).toMatchObject({ width: 160, height: 120, durationS: 8 });

    const out = join(dir, 'out.mp4');
    await writeFile(out, clip.data);
    // every output frame (VIDEO_FPS: 24 in the product, fewer in the test suite's media profile)
    const grey = await readGreyFrames(out, { dir, width: 160, height: 120, fps: VIDEO_FPS });
    expect(grey.frames).toHaveLength(8 * VIDEO_FPS);
    /** Mean speed between output frames [from, to) at seconds `from`…`to`, in px a second. */
    const speed = async (from: number, to: number) => {
      const part = { ...grey, frames: grey.frames.slice(Math.round(from * VIDEO_FPS), Math.round(to * VIDEO_FPS)) };
      return meanVelocity(await stepMotions(part, 'camera'), 160, 120).dx * 160 * VIDEO_FPS;
    };
    const before = await speed(2, 3); // the source's last second: about −24 px a second
    const after = await speed(3 - 1 / VIDEO_FPS, 3.5); // from the source's last frame into the continuation's first half second
    const end = await speed(7, 8); // the continuation's last second
    console.info(`extension speeds (px/s): source ${before.toFixed(1)}, first half second ${after.toFixed(1)}, last second ${end.toFixed(1)}`);
    // −24 px a second, give or take 12 (half a pixel a frame at 24 fps)
    expect(before / 24).toBeCloseTo(-1, 0);
    // the same way, at most as fast, and easing out (the speed decays within about a second)
    expect(after / before).toBeGreaterThan(0.5);
    expect(after / before).toBeLessThan(1.2);
    expect(Math.abs(end)).toBeLessThan(Math.abs(before) / 4);
  }, 60_000);
});
