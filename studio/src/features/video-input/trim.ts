/**
 * Trimming a local video in the browser before upload (issue 9: only the trimmed file is
 * uploaded). With ffmpeg.wasm: the input is mounted read-only (WORKERFS, no copy of the file into
 * wasm memory), its streams and video keyframes read with ffprobe, then
 *  - stream copy (`-ss` before `-i`, `-t`, `-c copy`, `-avoid_negative_ts make_zero`, faststart)
 *    when the codecs fit MP4 (H.264/H.265 + AAC/MP3 or no audio) and a keyframe lies within
 *    KEYFRAME_SNAP_S of the start (the cut starts on that keyframe); the result is probed and kept
 *    only when its duration is within 0.1 s of the range;
 *  - otherwise a re-encode (libx264 ultrafast + AAC, even dimensions, yuv420p).
 * Always an MP4 (video/mp4). Progress comes from ffmpeg's `progress` event (output time over the
 * range's length); aborting terminates the worker.
 */
import { FFFSType, type FFmpeg } from '@ffmpeg/ffmpeg';
import { loadFfmpeg, terminateFfmpeg } from './ffmpeg.ts';

export interface TrimRange {
  startS: number;
  endS: number;
}

export type TrimMode = 'auto' | 'copy' | 'reencode';

export interface TrimOptions {
  /** 0–1 over the whole job (core load excluded: see loadFfmpeg's onProgress). */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** `auto` (default) copies when the range allows; the bench forces one or the other. */
  mode?: TrimMode;
}

export interface TrimmedVideo {
  blob: Blob;
  method: 'copy' | 'reencode';
  /** Duration of the result as ffprobe reads it, s. */
  durationS: number;
  /** Trim time (core already loaded), ms. */
  ms: number;
}

/** How far the start may sit from a keyframe for a stream copy to count as cutting there. */
export const KEYFRAME_SNAP_S = 0.1;
/** How close the copied result must be to the asked length. */
export const DURATION_TOLERANCE_S = 0.1;

const COPY_VIDEO = new Set(['h264', 'hevc']);
const COPY_AUDIO = new Set(['aac', 'mp3']);
const MOUNT = '/trim-in';
let jobs = 0;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
}
interface ProbeJson {
  streams?: ProbeStream[];
  format?: { duration?: string };
  packets?: { pts_time?: string; flags?: string }[];
}

function abortError(): DOMException {
  return new DOMException('Trimming was canceled', 'AbortError');
}

/** Runs ffprobe with JSON output into a file and parses it. */
async function probe(ffmpeg: FFmpeg, args: string[], out: string): Promise<ProbeJson> {
  // The core's ffprobe answers -1 even when it succeeded (its exit code is not recorded): the
  // output file is what tells.
  const code = await ffmpeg.ffprobe(['-v', 'error', ...args, '-of', 'json', '-o', out]);
  const text = await ffmpeg.readFile(out, 'utf8').catch(() => {
    throw new Error(`ffprobe failed (${code})`);
  });
  await ffmpeg.deleteFile(out);
  return JSON.parse(typeof text === 'string' ? text : new TextDecoder().decode(text)) as ProbeJson;
}

/** Seconds of the video stream's keyframes (packets flagged K), read without decoding. */
async function keyframes(ffmpeg: FFmpeg, input: string, tmp: string): Promise<number[]> {
  const json = await probe(ffmpeg, ['-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', input], tmp);
  return (json.packets ?? []).filter((p) => p.flags?.startsWith('K') && p.pts_time !== undefined).map((p) => Number(p.pts_time));
}

const secs = (s: number) => s.toFixed(3);

/** Whether the streams can be stream-copied into MP4 (anything else is re-encoded). */
function copyable(streams: ProbeStream[]): boolean {
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  return Boolean(video?.codec_name && COPY_VIDEO.has(video.codec_name)) && (!audio || Boolean(audio.codec_name && COPY_AUDIO.has(audio.codec_name)));
}

/** Trims `file` to the range and answers an MP4 with how it was made. */
export async function trimVideoDetailed(file: Blob, range: TrimRange, opts: TrimOptions = {}): Promise<TrimmedVideo> {
  const { signal, onProgress } = opts;
  const mode = opts.mode ?? 'auto';
  if (!(range.endS > range.startS) || range.startS < 0) throw new RangeError('invalid trim range');
  if (signal?.aborted) throw abortError();
  const ffmpeg = await loadFfmpeg(signal ? { signal } : {});
  if (signal?.aborted) throw abortError();

  const job = ++jobs;
  const dir = `${MOUNT}-${job}`;
  const input = `${dir}/input`;
  const out = `/trim-out-${job}.mp4`;
  const tmp = `/trim-probe-${job}.json`;
  const length = range.endS - range.startS;
  const started = performance.now();

  let aborted = false;
  const onAbort = () => {
    aborted = true;
    terminateFfmpeg();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const onFfmpegProgress = ({ time }: { time: number }) => {
    // `time` is the output position in microseconds.
    if (time > 0) onProgress?.(Math.min(0.99, time / 1e6 / length));
  };
  ffmpeg.on('progress', onFfmpegProgress);

  try {
    await ffmpeg.createDir(dir);
    await ffmpeg.mount(FFFSType.WORKERFS, { blobs: [{ name: 'input', data: file }] }, dir);
    onProgress?.(0);

    const info = await probe(ffmpeg, ['-show_entries', 'stream=codec_type,codec_name', input], tmp);
    let result: { method: 'copy' | 'reencode'; durationS: number } | null = null;

    if (mode !== 'reencode' && copyable(info.streams ?? [])) {
      const keys = await keyframes(ffmpeg, input, tmp);
      const near = keys.reduce<number | null>((best, k) => (Math.abs(k - range.startS) <= KEYFRAME_SNAP_S && (best === null || Math.abs(k - range.startS) < Math.abs(best - range.startS)) ? k : best), null);
      if (near !== null || mode === 'copy') {
        // A keyframe's own timestamp (6 decimals, as ffprobe prints it): seeking lands on it, not before it.
        const start = near !== null ? near.toFixed(6) : secs(range.startS);
        const code = await ffmpeg.exec([
          '-ss', start, '-i', input, '-t', secs(length),
          '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy',
          '-avoid_negative_ts', 'make_zero', '-movflags', '+faststart', '-y', out,
        ]);
        if (code === 0) {
          const durationS = Number((await probe(ffmpeg, ['-show_entries', 'format=duration', out], tmp)).format?.duration);
          if (mode === 'copy' || Math.abs(durationS - length) <= DURATION_TOLERANCE_S) result = { method: 'copy', durationS };
        }
        if (!result) await ffmpeg.deleteFile(out).catch(() => undefined);
      }
    }
    if (aborted) throw abortError();

    if (!result) {
      if (mode === 'copy') throw new Error('stream copy is not possible for this video');
      const code = await ffmpeg.exec([
        '-ss', secs(range.startS), '-i', input, '-t', secs(length),
        '-map', '0:v:0', '-map', '0:a:0?',
        '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23',
        '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-y', out,
      ]);
      if (aborted) throw abortError();
      if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
      const durationS = Number((await probe(ffmpeg, ['-show_entries', 'format=duration', out], tmp)).format?.duration);
      result = { method: 'reencode', durationS };
    }

    const data = await ffmpeg.readFile(out);
    await ffmpeg.deleteFile(out);
    onProgress?.(1);
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }), ...result, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (aborted || signal?.aborted) throw abortError();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    ffmpeg.off('progress', onFfmpegProgress);
    if (!aborted) {
      await ffmpeg.unmount(dir).catch(() => undefined);
      await ffmpeg.deleteDir(dir).catch(() => undefined);
    }
  }
}
