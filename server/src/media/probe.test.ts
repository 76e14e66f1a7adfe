/** Probing real videos made with ffmpeg, and the §5 duration rule for general video uploads. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '@tessera/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo, validateGeneralVideo, type VideoProbe } from './probe.ts';

const run = promisify(execFile);
const FFMPEG = '/usr/bin/ffmpeg';

let dir: string;

async function makeVideo(name: string, seconds: number, opts: { size?: string; audio?: boolean } = {}): Promise<string> {
  const path = join(dir, name);
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${opts.size ?? '320x240'}:rate=10`];
  if (opts.audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds));
  if (name.endsWith('.webm')) args.push('-c:v', 'libvpx', '-deadline', 'realtime', ...(opts.audio ? ['-c:a', 'libopus'] : []));
  else args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(opts.audio ? ['-c:a', 'aac'] : []));
  args.push(path);
  await run(FFMPEG, args, { timeout: 60_000 });
  return path;
}

async function appCodeOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof AppError) return error.catalogueCode;
    throw error;
  }
  throw new Error('expected a failure');
}

const paths: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-probe-'));
  paths.mp4 = await makeVideo('four.mp4', 4);
  paths.webm = await makeVideo('four-audio.webm', 4, { size: '160x120', audio: true });
  paths.short = await makeVideo('two.mp4', 2, { size: '160x120' });
  paths.long = await makeVideo('thirty-one.mp4', 31, { size: '64x48' });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('probeVideo', () => {
  it('reads duration, size and codec of an MP4 without audio', async () => {
    const probe = await probeVideo(paths.mp4!);
    expect(probe).toMatchObject({ width: 320, height: 240, codec: 'h264', hasAudio: false });
    expect(probe.durationS).toBeCloseTo(4, 1);
  });

  it('reads a WebM with an audio track', async () => {
    const probe = await probeVideo(paths.webm!);
    expect(probe).toMatchObject({ width: 160, height: 120, codec: 'vp8', hasAudio: true });
    expect(probe.durationS).toBeGreaterThan(3.9);
    expect(probe.durationS).toBeLessThan(4.2);
  });

  it('fails cleanly for a file that is not a video', async () => {
    const text = join(dir, 'notes.mp4');
    await writeFile(text, 'this is not a video at all\n');
    expect(await appCodeOf(() => probeVideo(text))).toBe('VIDEO_VALIDATION_FAILED');
    expect(await appCodeOf(() => probeVideo(join(dir, 'does-not-exist.mp4')))).toBe('VIDEO_VALIDATION_FAILED');
  });

  it('refuses a playlist posing as a video, so ffprobe never opens what it points to', async () => {
    const playlist = join(dir, 'playlist.mp4');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${paths.mp4}\n#EXT-X-ENDLIST\n`);
    expect(await appCodeOf(() => probeVideo(playlist))).toBe('VIDEO_VALIDATION_FAILED');
  });
});

describe('validateGeneralVideo (§5: 3 to 30 seconds)', () => {
  it('accepts a 4-second video and refuses a 2-second and a 31-second one', async () => {
    const four = await probeVideo(paths.mp4!);
    expect(() => validateGeneralVideo(four)).not.toThrow();
    expect(await appCodeOf(async () => validateGeneralVideo(await probeVideo(paths.short!)))).toBe('VIDEO_DURATION_OUT_OF_RANGE');
    expect(await appCodeOf(async () => validateGeneralVideo(await probeVideo(paths.long!)))).toBe('VIDEO_DURATION_OUT_OF_RANGE');
  });

  it('includes both ends', async () => {
    const base: VideoProbe = { durationS: 0, width: 320, height: 240, codec: 'h264', hasAudio: false };
    expect(() => validateGeneralVideo({ ...base, durationS: 3 })).not.toThrow();
    expect(() => validateGeneralVideo({ ...base, durationS: 30 })).not.toThrow();
    expect(await appCodeOf(() => validateGeneralVideo({ ...base, durationS: 2.99 }))).toBe('VIDEO_DURATION_OUT_OF_RANGE');
    expect(await appCodeOf(() => validateGeneralVideo({ ...base, durationS: 30.01 }))).toBe('VIDEO_DURATION_OUT_OF_RANGE');
  });
});
