/**
 * Raw RGB frames out of and into ffmpeg, for kinds that change every frame in JavaScript
 * (background removal, subtitle removal). `decodeFrames` streams a video's frames, resampled to a
 * rate and size, through a callback with backpressure (ffmpeg waits while a frame is worked on, so
 * memory holds one frame, not the clip). `FrameSink` encodes the frames written to it into a
 * near-lossless intermediate file that `encode` (videoKinds.ts) then finishes with audio, the
 * final quality settings and a poster; `rewriteFrames` chains the three for a frame transform. Both kill their ffmpeg on abort and settle only once it
 * has exited, like runFfmpeg.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ffmpegPath } from '../../../media/binaries.ts';
import { probeVideo } from '../../../media/probe.ts';
import { encode, type RenderOptions, type Size, VIDEO_FPS, type VideoClip } from './videoKinds.ts';

const BASE = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
const STDERR_TAIL = 4096;

export interface FrameFormat {
  width: number;
  height: number;
  fps: number;
}

/** Bytes of one rgb24 frame. */
export const rgbFrameBytes = (f: { width: number; height: number }) => f.width * f.height * 3;

/** A running ffmpeg whose exit is awaited as a promise (stderr tail in the error). */
function start(args: string[], stdin: 'pipe' | 'ignore', signal?: AbortSignal): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(ffmpegPath(), args, { stdio: [stdin, stdin === 'pipe' ? 'ignore' : 'pipe', 'pipe'], windowsHide: true });
  let stderr = '';
  // A write after ffmpeg died fails with EPIPE; the exit code tells the caller what happened.
  child.stdin?.on('error', () => {});
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_TAIL)));
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      if (code === 0) return resolve();
      reject(new Error(`ffmpeg exited with code ${code}: ${stderr.trim().split('\n').slice(-8).join('\n')}`));
    });
  });
  // Whoever awaits it sees the failure; this only stops an unhandled rejection while frames flow.
  exited.catch(() => {});
  return { child, exited };
}

/**
 * Decodes exactly `frames` frames of the video at `path` as rgb24 at `format` (resampled in time,
 * stretched to the size, the last frame repeated if the source runs short) and hands each to
 * `onFrame` in order. The buffer passed is reused afterwards: copy what must outlive the call.
 */
export async function decodeFrames(
  path: string,
  format: FrameFormat & { frames: number },
  onFrame: (frame: Buffer, index: number) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<void> {
  const { width, height, fps, frames } = format;
  const vf = `fps=${fps},scale=${width}:${height}:flags=bicubic,setsar=1,tpad=stop_mode=clone:stop_duration=2,format=rgb24`;
  const { child, exited } = start([...BASE, '-i', `file:${path}`, '-an', '-vf', vf, '-frames:v', String(frames), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], 'ignore', signal);
  const size = rgbFrameBytes(format);
  const frame = Buffer.alloc(size);
  let filled = 0;
  let index = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(size - filled, chunk.length - offset);
        chunk.copy(frame, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled === size) {
          await onFrame(frame, index++);
          filled = 0;
        }
      }
    }
  } catch (error) {
    child.kill('SIGKILL');
    await exited.catch(() => {});
    throw error;
  }
  await exited;
  if (index !== frames) throw new Error(`ffmpeg decoded ${index} of ${frames} frames`);
}

/** Encodes rgb24 frames written to it into an intermediate MKV (x264 at CRF 8, yuv444p: visually lossless). */
export class FrameSink {
  private readonly process: { child: ChildProcess; exited: Promise<void> };

  constructor(
    readonly path: string,
    private readonly format: FrameFormat,
    signal?: AbortSignal,
  ) {
    const { width, height, fps } = format;
    this.process = start(
      [
        ...BASE,
        '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', 'pipe:0',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '8', '-pix_fmt', 'yuv444p', '-threads', '1',
        `file:${path}`,
      ],
      'pipe',
      signal,
    );
  }

  /** Queues one frame; waits when ffmpeg's input is full. */
  async write(frame: Uint8Array): Promise<void> {
    if (frame.length !== rgbFrameBytes(this.format)) throw new Error(`frame of ${frame.length} bytes, expected ${rgbFrameBytes(this.format)}`);
    const stdin = this.process.child.stdin;
    if (!stdin || stdin.destroyed) return this.process.exited;
    if (!stdin.write(frame)) {
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          stdin.off('drain', done);
          stdin.off('close', done);
          resolve();
        };
        stdin.on('drain', done).on('close', done);
        this.process.exited.catch(reject);
      });
    }
  }

  /** Ends the input and waits for the file to be complete. */
  async close(): Promise<void> {
    this.process.child.stdin?.end();
    await this.process.exited;
  }

  /** Stops ffmpeg (after a failure elsewhere) and waits for it to exit. */
  async kill(): Promise<void> {
    this.process.child.kill('SIGKILL');
    await this.process.exited.catch(() => {});
  }
}

/**
 * A clip made by changing every frame of a source: `frames` frames at VIDEO_FPS and `size` go
 * through `transform` (in order), then out as H.264 + AAC with the source's own sound (silence if
 * it has none), faststart and a poster. Progress: the frames fill `from`..0.9, encoding the rest.
 */
export async function rewriteFrames(
  job: { dir: string; sourcePath: string; size: Size; frames: number },
  transform: (frame: Buffer, index: number) => Promise<Uint8Array> | Uint8Array,
  opts: RenderOptions & { from: number; stage: string },
): Promise<VideoClip> {
  const { dir, sourcePath, size, frames } = job;
  const progress = opts.progress ?? (() => {});
  const { hasAudio } = await probeVideo(sourcePath);
  const sink = new FrameSink(join(dir, 'frames.mkv'), { ...size, fps: VIDEO_FPS }, opts.signal);
  try {
    await decodeFrames(
      sourcePath,
      { ...size, fps: VIDEO_FPS, frames },
      async (frame, index) => {
        await sink.write(await transform(frame, index));
        progress(opts.from + ((0.9 - opts.from) * (index + 1)) / frames, opts.stage);
      },
      opts.signal,
    );
    await sink.close();
  } catch (error) {
    await sink.kill();
    throw error;
  }
  return encodeWithSourceSound(
    { dir, framesPath: sink.path, sourcePath, hasAudio, size, frames },
    { ...(opts.signal ? { signal: opts.signal } : {}), progress: (fraction, stage) => progress(0.9 + 0.1 * fraction, stage) },
  );
}

/**
 * Finishes the frames a `FrameSink` wrote (`framesPath`) into the clip with `encode`, carrying the
 * source's sound when it has any (silence otherwise).
 */
export function encodeWithSourceSound(
  job: { dir: string; framesPath: string; sourcePath: string; hasAudio: boolean; size: Size; frames: number },
  options: RenderOptions,
): Promise<VideoClip> {
  const { dir, framesPath, sourcePath, hasAudio, size, frames } = job;
  return encode(
    {
      dir,
      inputs: ['-i', `file:${framesPath}`, ...(hasAudio ? ['-i', `file:${sourcePath}`] : [])],
      inputCount: hasAudio ? 2 : 1,
      graph: '[0:v]null',
      size,
      frames,
      mode: 'std',
      ...(hasAudio ? { audioFrom: 1 } : {}),
    },
    options,
  );
}
