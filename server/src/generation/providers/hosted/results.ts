/**
 * A hosted model's result files, checked before they are stored: images decoded by sharp, videos
 * probed by ffprobe (with a poster frame for the thumbnail), sounds probed for an audio stream. A
 * file that is not what it claims to be fails the task instead of being stored.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageFetcher } from '../../../media/safeFetch.ts';
import { probeAudio, probeVideo } from '../../../media/probe.ts';
import { runFfmpeg } from '../../engine/video/ffmpeg.ts';
import type { ProducedOutput } from '../provider.ts';
import type { ResultFile } from './mapping.ts';

/** Result files: generous limits for videos, still bounded. */
const DOWNLOAD = { timeoutMs: 120_000, maxBytes: 500 * 1024 * 1024, acceptTypes: ['image/', 'video/', 'audio/', 'application/octet-stream'] } as const;

/** Turns image bytes into an output after checking they are an image. */
export async function imageOutput(data: Buffer): Promise<ProducedOutput> {
  const meta = await sharp(data).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error('provider result is not an image');
  const contentType = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
  return { data, contentType, mediaType: 'image', width: meta.width, height: meta.height };
}

export async function inTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tessera-hosted-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const FFMPEG = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-nostats'];

/** A video file checked with ffprobe, with its poster (a frame 40% in, as the local engine's). */
export async function videoOutput(data: Buffer, signal: AbortSignal): Promise<ProducedOutput> {
  return inTemp(async (dir) => {
    const path = join(dir, 'result.mp4');
    await writeFile(path, data);
    const probe = await probeVideo(path);
    const posterPath = join(dir, 'poster.png');
    const at = (probe.durationS * 0.4).toFixed(3);
    await runFfmpeg([...FFMPEG, '-ss', at, '-i', `file:${path}`, '-frames:v', '1', '-update', '1', '-c:v', 'png', `file:${posterPath}`], 1, { signal });
    const poster = await readFile(posterPath);
    return { data, contentType: 'video/mp4', mediaType: 'video', width: probe.width, height: probe.height, durationS: probe.durationS, poster };
  });
}

/** A sound file checked with ffprobe (it must hold an audio stream) and its length. */
async function audioOutput(data: Buffer, contentType: string, signal: AbortSignal): Promise<ProducedOutput> {
  return inTemp(async (dir) => {
    const path = join(dir, 'result.audio');
    await writeFile(path, data);
    const probe = await probeAudio(path);
    signal.throwIfAborted();
    return { data, contentType: contentType.startsWith('audio/') ? contentType : 'audio/wav', mediaType: 'audio', durationS: probe.durationS };
  });
}

/** Downloads (or decodes) one result file and checks it is what it claims to be. */
export async function fetchResult(deps: { download: ImageFetcher }, file: ResultFile, signal: AbortSignal): Promise<ProducedOutput> {
  if ('base64' in file) return imageOutput(Buffer.from(file.base64, 'base64'));
  const fetched = await deps.download(file.url, DOWNLOAD);
  signal.throwIfAborted();
  if (fetched.contentType.startsWith('image/')) return imageOutput(fetched.data);
  if (fetched.contentType.startsWith('audio/')) return audioOutput(fetched.data, fetched.contentType, signal);
  return videoOutput(fetched.data, signal);
}

