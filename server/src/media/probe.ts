/**
 * Reading a video's duration, size, codec and audio presence with ffprobe. Only the MP4/MOV and
 * Matroska/WebM demuxers and the `file` protocol are allowed, so a "video" that is really an HLS
 * or concat playlist cannot make ffprobe open other files or URLs.
 */
import { execFile } from 'node:child_process';
import { AppError } from '@tessera/shared/errors';
import { checkGeneralVideo } from '@tessera/shared/generation/video';
import { ffprobePath } from './binaries.ts';

export interface VideoProbe {
  durationS: number;
  width: number;
  height: number;
  codec: string;
  hasAudio: boolean;
}


const PROBE_TIMEOUT_MS = 15_000;
const ALLOWED_DEMUXERS = 'mov,matroska';

interface FfprobeOutput {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
  format?: { duration?: string };
}

function runFfprobe(ffprobePath: string, path: string, timeoutMs: number, demuxers = ALLOWED_DEMUXERS): Promise<string> {
  const args = [
    '-v', 'error',
    '-protocol_whitelist', 'file',
    '-format_whitelist', demuxers,
    '-print_format', 'json',
    '-show_streams', '-show_format',
    // `file:` makes a path that starts with `-` or looks like a URL still a local file.
    `file:${path}`,
  ];
  return new Promise((resolve, reject) => {
    execFile(ffprobePath, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/**
 * Probes the video at `path`. Anything ffprobe cannot read as MP4/MOV/WebM with a video stream
 * of known size and a positive duration throws VIDEO_VALIDATION_FAILED.
 */
export async function probeVideo(path: string, opts: { ffprobePath?: string; timeoutMs?: number } = {}): Promise<VideoProbe> {
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(await runFfprobe(opts.ffprobePath ?? ffprobePath(), path, opts.timeoutMs ?? PROBE_TIMEOUT_MS)) as FfprobeOutput;
  } catch (cause) {
    throw new AppError('VIDEO_VALIDATION_FAILED', { cause });
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const durationS = Number(parsed.format?.duration ?? video?.duration);
  if (!video?.codec_name || !video.width || !video.height || !Number.isFinite(durationS) || durationS <= 0) {
    throw new AppError('VIDEO_VALIDATION_FAILED');
  }
  return {
    durationS,
    width: video.width,
    height: video.height,
    codec: video.codec_name,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** Sound containers hosted speech and music models answer with (and video containers, for a sound track). */
const AUDIO_DEMUXERS = `wav,mp3,ogg,flac,aac,${ALLOWED_DEMUXERS}`;

/** Probes a sound file: it must hold an audio stream of positive length (hosted speech, music and sound results). */
export async function probeAudio(path: string, opts: { ffprobePath?: string; timeoutMs?: number } = {}): Promise<{ durationS: number; codec: string }> {
  const parsed = JSON.parse(await runFfprobe(opts.ffprobePath ?? ffprobePath(), path, opts.timeoutMs ?? PROBE_TIMEOUT_MS, AUDIO_DEMUXERS)) as FfprobeOutput;
  const audio = (parsed.streams ?? []).find((s) => s.codec_type === 'audio');
  const durationS = Number(parsed.format?.duration ?? audio?.duration);
  if (!audio?.codec_name || !Number.isFinite(durationS) || durationS <= 0) throw new Error('not a sound file');
  return { durationS, codec: audio.codec_name };
}

/** §5: a general video upload lasts 3 to 30 seconds, both ends included (the rule is shared with the forms). */
export function validateGeneralVideo(p: VideoProbe): void {
  const broken = checkGeneralVideo(p.durationS);
  if (broken) throw new AppError(broken);
}
