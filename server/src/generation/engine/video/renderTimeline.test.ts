/**
 * The timeline renderer on real media made with ffmpeg: a silent clip, a still image with a fade,
 * a music clip on the audio track running past the picture and a text overlay over the still all come out as one
 * MP4 of the timeline's length, with sound, text drawn where asked and black after the last clip.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { addClip, type Clip, emptyTimeline } from '@tessera/shared/timeline';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../../media/probe.ts';
import { renderTimeline } from './renderTimeline.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-timeline-test-'));
  // A silent 2 s clip, a 3 s tone (audio in an MP4) and a red still.
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, 'silent.mp4')]);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-f', 'lavfi', '-i', 'color=c=gray:size=64x64:rate=10:duration=3', '-c:a', 'aac', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-shortest', join(dir, 'tone.mp4')]);
  await writeFile(join(dir, 'red.png'), await sharp({ create: { width: 200, height: 300, channels: 3, background: '#ff0000' } }).png().toBuffer());
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const base = { type: 'clip', start: 0, in: 0, volume: 1 } as const;

describe('renderTimeline', () => {
  it('renders video, a faded still, music past the picture and a text overlay in one MP4', async () => {
    let t = emptyTimeline();
    t = addClip(t, { ...base, id: 'v', trackId: 'track-video', src: 'silent.mp4', mediaType: 'video', sourceDurationS: 2, out: 2 } satisfies Clip);
    t = addClip(t, { ...base, id: 'i', trackId: 'track-video', src: 'red.png', mediaType: 'image', out: 1.5, transition: { kind: 'fade', duration: 0.5 } });
    t = addClip(t, { ...base, id: 'm', trackId: 'track-audio', src: 'tone.mp4', mediaType: 'audio', sourceDurationS: 3, start: 1, out: 3 });
    t = { ...t, overlays: [{ id: 'o', type: 'overlay', trackId: 'track-overlay', text: "50% 'off': now", start: 2.6, end: 3.4, position: 'bottom', size: 48, colour: '#ffff00' }] };

    const progress: number[] = [];
    const result = await renderTimeline(t, { width: 320, height: 180, loadMedia: (key) => readFile(join(dir, key)), progress: (f) => progress.push(f) });
    const out = join(dir, 'out.mp4');
    await writeFile(out, result.data);
    const probe = await probeVideo(out);
    // 2 s + 1.5 s of picture, then the music (1 s → 4 s) holds the output to 4 s over black.
    expect(Math.abs(probe.durationS - 4)).toBeLessThanOrEqual(0.1);
    expect(probe).toMatchObject({ width: 320, height: 180, codec: 'h264', hasAudio: true });
    expect(result.skippedOverlays).toBe(0);
    expect(progress.at(-1)).toBe(1);

    const frameAt = async (s: number) => {
      const png = join(dir, `f${s}.png`);
      await run('ffmpeg', ['-v', 'error', '-y', '-ss', String(s), '-i', out, '-frames:v', '1', png]);
      return sharp(png).raw().toBuffer({ resolveWithObject: true });
    };
    // The still is letterboxed (pillarboxed) red in the middle once faded in, black after the end.
    const still = await frameAt(3);
    const centre = (still.info.height / 2) * still.info.width * 3 + (still.info.width / 2) * 3;
    expect(still.data[centre]).toBeGreaterThan(200);
    expect(still.data[centre + 1]).toBeLessThan(60);
    const tail = await frameAt(3.8);
    expect(Math.max(...tail.data.subarray(0, 3000))).toBeLessThan(30);
    // The overlay's yellow text is drawn in the bottom band over the still (nothing yellow there otherwise).
    const withText = still;
    let yellow = 0;
    for (let y = Math.floor(withText.info.height * 0.6); y < withText.info.height; y++) {
      for (let x = 0; x < withText.info.width; x++) {
        const p = (y * withText.info.width + x) * 3;
        if (withText.data[p]! > 200 && withText.data[p + 1]! > 200 && withText.data[p + 2]! < 80) yellow++;
      }
    }
    expect(yellow).toBeGreaterThan(50);
  });
});
