import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { effectSize, FPS, isVideoEffectRecipe, renderVideoEffect, VIDEO_EFFECT_RECIPES } from './videoEffects.ts';

const run = promisify(execFile);

const REGULAR = [
  ...['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'spin', 'shake', 'glitch'],
  ...['vhs', 'old-film', 'hue-cycle', 'heartbeat', 'blur-reveal', 'mirror', 'fade-mono'],
];
const PRO = ['sketch-reveal', 'dolly-zoom', 'kaleidoscope', 'cinematic'];

interface Probe {
  streams: { codec_type: string; codec_name?: string; pix_fmt?: string; width?: number; height?: number; r_frame_rate?: string }[];
  format: { duration: string; format_name: string };
}

let dir: string;
/** This file's own os.tmpdir(), so temp dirs of renders running elsewhere cannot disturb the checks. */
let tmpRoot: string;
const savedTmpdir = process.env.TMPDIR;
let clipCount = 0;
/** sample1.jpg (1920×1280, three people) as a 480×320 JPEG: the renderer has to decode and normalise it. */
let photo: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vfx-probe-'));
  tmpRoot = await mkdtemp(join(tmpdir(), 'vfx-tmp-'));
  process.env.TMPDIR = tmpRoot;
  photo = await sharp(readFileSync(packageFile('@vladmandic/face-api', 'demo/sample1.jpg'))).resize(480).jpeg({ quality: 90 }).toBuffer();
});
afterAll(async () => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  await rm(dir, { recursive: true, force: true });
  await rm(tmpRoot, { recursive: true, force: true });
});

async function saveClip(data: Buffer): Promise<string> {
  const file = join(dir, `clip${clipCount++}.mp4`);
  await writeFile(file, data);
  return file;
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

/** The decoded frame at `seconds` as a 32×32 RGB thumbnail. */
async function thumbAt(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'scale=32:32', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer' },
  );
  expect(stdout.length).toBe(32 * 32 * 3);
  return stdout;
}

const thumbOf = (png: Buffer) => sharp(png).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer();

const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

async function expectPlayableClip(file: string, width: number, height: number, seconds: number) {
  const info = await probe(file);
  expect(info.format.format_name).toContain('mp4');
  expect(info.streams.filter((s) => s.codec_type === 'audio')).toEqual([]);
  const video = info.streams.filter((s) => s.codec_type === 'video');
  expect(video).toHaveLength(1);
  // FPS: 24 in the product, fewer in the test suite's media profile (mediaProfile.ts)
  expect(video[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width, height, r_frame_rate: `${FPS}/1` });
  expect(width % 2).toBe(0);
  expect(height % 2).toBe(0);
  expect(Math.abs(Number(info.format.duration) - seconds)).toBeLessThanOrEqual(0.25);
}

const tempDirsLeft = async () => (await readdir(tmpRoot)).filter((name) => name.startsWith('tessera-vfx-'));

describe('video effect recipes', () => {
  it('lists the catalogue recipes with their tiers', () => {
    expect(VIDEO_EFFECT_RECIPES.filter((r) => !r.pro).map((r) => r.id)).toEqual(REGULAR);
    expect(VIDEO_EFFECT_RECIPES.filter((r) => r.pro).map((r) => r.id)).toEqual(PRO);
    for (const r of VIDEO_EFFECT_RECIPES) {
      expect(isVideoEffectRecipe(r.id)).toBe(true);
      expect(r.summary.length).toBeGreaterThan(10);
    }
    expect(isVideoEffectRecipe('melt')).toBe(false);
    expect(isVideoEffectRecipe('constructor')).toBe(false);
  });

  it('sizes the output: longest side at most 720, tiny photos enlarged, both sides even', () => {
    expect(effectSize(1920, 1280)).toEqual({ width: 720, height: 480 });
    expect(effectSize(480, 320)).toEqual({ width: 480, height: 320 });
    expect(effectSize(333, 501)).toEqual({ width: 334, height: 502 });
    expect(effectSize(1000, 1500)).toEqual({ width: 480, height: 720 });
    expect(effectSize(100, 60)).toEqual({ width: 426, height: 256 });
    // a panorama cannot reach 256 px on its short side without breaking the 720 px limit
    expect(effectSize(2000, 100)).toEqual({ width: 720, height: 36 });
  });
});

describe('renderVideoEffect', () => {
  it('renders every recipe as an H.264 clip at FPS that moves and looks different from every other recipe', async () => {
    const posters = new Map<string, Buffer>();
    for (const { id } of VIDEO_EFFECT_RECIPES) {
      const fractions: number[] = [];
      const stages = new Set<string>();
      const progress = (fraction: number, stage: string) => {
        fractions.push(fraction);
        stages.add(stage);
      };
      const result = await renderVideoEffect(photo, id, { seconds: 2 }, { progress });
      expect(result).toMatchObject({ contentType: 'video/mp4', width: 480, height: 320, durationS: 2 });
      // progress rises from 0 to 1
      expect([...stages]).toEqual(['rendering']);
      expect(fractions[0]).toBe(0);
      expect(fractions.at(-1)).toBe(1);
      for (let i = 1; i < fractions.length; i++) expect(fractions[i]!).toBeGreaterThanOrEqual(fractions[i - 1]!);

      const file = await saveClip(result.data);
      await expectPlayableClip(file, 480, 320, 2);
      const poster = await sharp(result.poster).metadata();
      expect([poster.format, poster.width, poster.height], id).toEqual(['png', 480, 320]);
      expect(meanAbsDiff(await thumbAt(file, 0.2), await thumbAt(file, 1.8)), `${id} moves`).toBeGreaterThan(4);
      posters.set(id, await thumbOf(result.poster));
    }
    const ids = [...posters.keys()];
    for (const a of ids) for (const b of ids) if (a < b) expect(meanAbsDiff(posters.get(a)!, posters.get(b)!), `${a} vs ${b}`).toBeGreaterThan(5);
    expect(await tempDirsLeft()).toEqual([]);
  }, 180_000);

  it('keeps the photo recognisable: zoom-in starts on the photo itself', async () => {
    const result = await renderVideoEffect(photo, 'zoom-in', { seconds: 2 });
    const first = await thumbAt(await saveClip(result.data), 0);
    const original = await sharp(photo).resize(32, 32, { fit: 'fill' }).raw().toBuffer();
    expect(meanAbsDiff(first, original)).toBeLessThan(6);
  }, 60_000);

  it('respects `seconds`, clamps it to 2..8 s and scales tiny and large photos', async () => {
    const three = await renderVideoEffect(photo, 'hue-cycle', { seconds: 3 });
    expect(three.durationS).toBe(3);
    await expectPlayableClip(await saveClip(three.data), 480, 320, 3);

    const tiny = await sharp({ create: { width: 100, height: 60, channels: 3, background: '#3a7bd5' } })
      .composite([{ input: await sharp(photo).resize(50, 60, { fit: 'fill' }).toBuffer(), left: 0, top: 0 }])
      .webp()
      .toBuffer();
    const long = await renderVideoEffect(tiny, 'mirror', { seconds: 20 });
    expect([long.width, long.height, long.durationS]).toEqual([426, 256, 8]);
    await expectPlayableClip(await saveClip(long.data), 426, 256, 8);
    const short = await renderVideoEffect(tiny, 'zoom-out', { seconds: '0.5' });
    await expectPlayableClip(await saveClip(short.data), 426, 256, 2);

    const large = await renderVideoEffect(readFileSync(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')), 'glitch', { seconds: 2, intensity: 2 });
    await expectPlayableClip(await saveClip(large.data), 720, 480, 2);
  }, 120_000);

  it('rejects unknown recipes and malformed options before running ffmpeg', async () => {
    await expect(renderVideoEffect(photo, 'melt', {})).rejects.toThrow('unknown video effect recipe: melt');
    await expect(renderVideoEffect(photo, '__proto__', {})).rejects.toThrow('unknown video effect recipe');
    await expect(renderVideoEffect(photo, 'zoom-in', { seconds: 'long' })).rejects.toThrow('seconds must be a number');
    // option strings never reach the filter graph unless whitelisted
    await expect(renderVideoEffect(photo, 'sketch-reveal', { transition: "fade,drawtext=text='x'" })).rejects.toThrow('transition must be one of');
    expect(await tempDirsLeft()).toEqual([]);
  });

  it('sweeps temp dirs that renders killed mid-way left behind, and only those', async () => {
    const stale = join(tmpRoot, 'tessera-vfx-crashed');
    const fresh = join(tmpRoot, 'tessera-vfx-running');
    const unrelated = join(tmpRoot, 'other-tool-old');
    for (const path of [stale, fresh, unrelated]) {
      await mkdir(path);
      await writeFile(join(path, 'photo.png'), 'x');
    }
    const anHourAgo = new Date(Date.now() - 3600_000);
    await utimes(stale, anHourAgo, anHourAgo);
    await utimes(unrelated, anHourAgo, anHourAgo);
    await renderVideoEffect(photo, 'pan-left', { seconds: 2 });
    expect(await tempDirsLeft()).toEqual(['tessera-vfx-running']);
    expect((await readdir(tmpRoot)).sort()).toEqual(['other-tool-old', 'tessera-vfx-running']);
    await rm(fresh, { recursive: true });
    await rm(unrelated, { recursive: true });
  }, 60_000);

  it('changes with intensity', async () => {
    const soft = await renderVideoEffect(photo, 'zoom-in', { seconds: 2, intensity: 0.2 });
    const strong = await renderVideoEffect(photo, 'zoom-in', { seconds: 2, intensity: 2 });
    expect(meanAbsDiff(await thumbOf(soft.poster), await thumbOf(strong.poster))).toBeGreaterThan(8);
  }, 60_000);

  it('aborts: kills ffmpeg, rejects with the reason and leaves no temp dir', async () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    let progressCalls = 0;
    let abortedAt = 0;
    const rendering = renderVideoEffect(photo, 'kaleidoscope', { seconds: 8 }, {
      signal: controller.signal,
      // abort once ffmpeg reports real progress, i.e. while it is running
      progress: (fraction) => {
        progressCalls++;
        if (fraction > 0 && !controller.signal.aborted) {
          abortedAt = fraction;
          controller.abort(reason);
        }
      },
    });
    await expect(rendering).rejects.toBe(reason);
    expect(progressCalls).toBeGreaterThan(1);
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt).toBeLessThan(1);
    expect(await tempDirsLeft()).toEqual([]);

    const already = new AbortController();
    already.abort(new Error('too late'));
    await expect(renderVideoEffect(photo, 'spin', {}, { signal: already.signal })).rejects.toThrow('too late');
    expect(await tempDirsLeft()).toEqual([]);
  }, 60_000);
});
