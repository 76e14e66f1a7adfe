import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_FPS } from '../videoKinds.ts';
import { analysisSize, cornerOptions, renderActionImitation } from './actionImitation.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-mimic-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Centre of the pure red pixels of an RGB frame, as shares of its width and height. */
function redCentre(rgb: Buffer, width: number): { x: number; y: number } {
  let [sx, sy, count] = [0, 0, 0];
  for (let i = 0; i < rgb.length / 3; i++) {
    if (rgb[i * 3]! > 200 && rgb[i * 3 + 1]! < 70 && rgb[i * 3 + 2]! < 70) {
      sx += i % width;
      sy += Math.floor(i / width);
      count++;
    }
  }
  const height = rgb.length / 3 / width;
  return { x: sx / count / width, y: sy / count / height };
}

describe('mimic motion', () => {
  it('measures the reference on small frames of its own shape', () => {
    expect(analysisSize({ durationS: 3, width: 1920, height: 1080 })).toEqual({ width: 192, height: 108 });
    expect(analysisSize({ durationS: 3, width: 720, height: 1280 })).toEqual({ width: 108, height: 192 });
  });

  it('leaves the layer where it is for a still track, and moves its corners with the track', () => {
    const size = { width: 160, height: 120 };
    const still = { dx: 0, dy: 0, scale: 1, angle: 0 };
    expect(cornerOptions([still, still], size, 2)).toBe("x0='0':y0='0':x1='160':y1='0':x2='0':y2='120':x3='160':y3='120'");
    // half the frame to the right and twice as large at the second keyframe (frame 2)
    const moved = cornerOptions([still, { dx: 0.5, dy: 0, scale: 2, angle: 0 }], size, 2);
    // the top-left corner: x 80 + 2·(0 − 80) + 80 = 0 stays, y 60 + 2·(0 − 60) = −60 rises
    expect(moved).toContain("x0='0':y0='-60+60*max(0,1-abs(in-0)/2)'");
    // the bottom-right corner: x 80 + 2·80 + 80 = 320
    expect(moved).toContain("x3='320-160*max(0,1-abs(in-0)/2)'");
  });

  it('moves the photo as the reference video moves', async () => {
    // the reference: a camera panning right over ffmpeg's test picture, which slides left 12 px a
    // second (of 160; panned at 4× the size and scaled down, so it moves smoothly)
    const reference = join(dir, 'pan.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "testsrc2=s=960x720:r=24:d=3,crop=640:480:x='t*48':y=0,scale=160:120", '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', reference]);
    // the photo: a red figure on a plain backdrop (no person for the segmentation: the whole photo moves)
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#dde5ea"/><circle cx="200" cy="110" r="40" fill="#ff0000"/><rect x="170" y="150" width="60" height="110" fill="#ff0000"/></svg>';
    const media: Record<string, Buffer> = { photo: await sharp(Buffer.from(svg)).png().toBuffer(), reference: await readFile(reference) };
    const ctx = { reportProgress() {}, signal: new AbortController().signal, loadMedia: async (key: string) => media[key]! };
    const clip = await renderActionImitation({ image: 'photo', video: 'reference', resolution: '480p', mode: 'std', source: { durationS: 3, width: 160, height: 120 } }, ctx, {});
    expect(clip).toMatchObject({ width: 640, height: 480, durationS: 3 });

    const out = join(dir, 'out.mp4');
    await writeFile(out, clip.data);
    const frame = async (at: number) => (await run('ffmpeg', ['-v', 'error', '-ss', String(at), '-i', out, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { encoding: 'buffer', maxBuffer: 4 << 20 })).stdout;
    // the last frame (a seek keeps the frames from its time on: a little before it)
    const lastAt = 3 - 1 / VIDEO_FPS - 0.01;
    const [first, last] = [redCentre(await frame(0), 640), redCentre(await frame(lastAt), 640)];
    console.info(`mimic motion: the figure moved ${((last.x - first.x) * 100).toFixed(1)}% across, ${((last.y - first.y) * 100).toFixed(1)}% down`);
    // the reference slid 35 px of 160 (22%) left by its last frame; so does the figure
    expect(first.x).toBeCloseTo(0.5, 1);
    expect(last.x - first.x).toBeGreaterThan(-0.27);
    expect(last.x - first.x).toBeLessThan(-0.17);
    expect(Math.abs(last.y - first.y)).toBeLessThan(0.03);
  }, 60_000);
});
