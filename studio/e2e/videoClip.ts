/**
 * A test clip made with the system ffmpeg (the one the server runs, FFMPEG_PATH): testsrc2
 * pictures and a sine tone, H.264 (ultrafast: no B-frames) + AAC in a faststart MP4, a keyframe
 * every second — what the video-trim browser test and bench/video trim in the browser.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '@tessera/server/media/binaries';

export async function makeTestClip(path: string, opts: { seconds?: number; width?: number; height?: number; fps?: number } = {}): Promise<void> {
  const { seconds = 30, width = 640, height = 360, fps = 30 } = opts;
  await promisify(execFile)(ffmpegPath(), [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    // A keyframe exactly every second (no scene-cut keyframes in between).
    '-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', path,
  ]);
}
