/**
 * Running the `ffmpeg` binary (FFMPEG_PATH, else PATH; see media/binaries.ts) for the local engine's video work: video effects
 * and the video kinds share this one runner, with progress read from `-progress pipe:1`.
 */
import { spawn } from 'node:child_process';
import { ffmpegPath } from '../../../media/binaries.ts';

/** An MP4 the engine made, with the still its thumbnail is cut from. */
export interface RenderedVideo {
  data: Buffer;
  contentType: 'video/mp4';
  width: number;
  height: number;
  durationS: number;
  /** PNG of a representative frame (~40% into the video). */
  poster: Buffer;
}

/** Default limit for one ffmpeg run. */
export const FFMPEG_TIMEOUT_MS = 120_000;

const STDERR_TAIL_LINES = 12;

/**
 * Runs ffmpeg with `-progress pipe:1` and reports `out_time_us / totalUs`. Abort and timeout kill
 * the process and settle only once it has exited, so the caller's cleanup never races its writes.
 */
export function runFfmpeg(
  args: string[],
  totalUs: number,
  p: { progress?: (fraction: number, stage: string) => void; signal?: AbortSignal; timeoutMs?: number },
): Promise<void> {
  const timeoutMs = p.timeoutMs ?? FFMPEG_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stderr = '';
    let stdout = '';
    let failure: unknown;
    let failed = false;
    const fail = (reason: unknown) => {
      if (failed) return;
      failed = true;
      failure = reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => fail(p.signal?.reason);
    const timer = setTimeout(() => fail(new Error(`ffmpeg timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    p.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const lines = stdout.split('\n');
      stdout = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && p.progress) p.progress(Math.min(1, Number(m[1]) / totalUs), 'rendering');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // keep only a bounded tail: the last lines are the ones that explain a failure
      stderr = (stderr + chunk).slice(-8192);
    });
    const settle = (error?: unknown) => {
      clearTimeout(timer);
      p.signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    child.on('error', (error) => {
      failed = true;
      settle(error);
    });
    child.on('close', (code) => {
      if (failed) return settle(failure ?? new Error('ffmpeg failed'));
      if (code === 0) return settle();
      const tail = stderr.trim().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
      settle(new Error(`ffmpeg exited with code ${code}: ${tail}`));
    });
    // an already-aborted signal: the listener above never fires
    if (p.signal?.aborted) onAbort();
  });
}
