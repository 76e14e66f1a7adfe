/**
 * Video creation rules both sides need (§4, §5): the options a video request offers, the output
 * size each implies, the §5 limits on input videos and the price table. Pure functions: the
 * server enforces them after probing a video with ffprobe, the studio's forms check the same
 * rules (with the duration and size the browser reads) before anything is uploaded or charged.
 */

/** Output resolutions, named by their short side. */
export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
const SHORT_SIDE: Record<VideoResolution, number> = { '480p': 480, '720p': 720, '1080p': 1080 };

/** Shapes of a text-to-video clip; image and video kinds keep their source's shape. */
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4'] as const;
export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];

/** Clip lengths in seconds: the first models make 5 or 10 s, the V2 models also 8 s. */
export const VIDEO_DURATIONS = [5, 10] as const;
export const VIDEO_DURATIONS_V2 = [5, 8, 10] as const;

/** `pro` renders with the heavier settings and is a PRO_FEATURE (§6). */
export const VIDEO_MODES = ['std', 'pro'] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

/** Targets of a video upscale, named by their short side (2k = 1440, 4k = 2160). */
export const VIDEO_UPSCALE_TARGETS = ['1080p', '2k', '4k'] as const;
export type VideoUpscaleTarget = (typeof VIDEO_UPSCALE_TARGETS)[number];
const UPSCALE_SHORT_SIDE: Record<VideoUpscaleTarget, number> = { '1080p': 1080, '2k': 1440, '4k': 2160 };

/** Looks a video-to-video or anime request can ask for; `auto` picks one from the prompt. */
export const VIDEO_STYLES = ['auto', 'cinematic', 'noir', 'vintage', 'sketch', 'posterize', 'neon'] as const;
export type VideoStyle = (typeof VIDEO_STYLES)[number];

/** §5 "General video upload: 3 to 30 seconds" (both ends included). */
export const GENERAL_VIDEO_MIN_S = 3;
export const GENERAL_VIDEO_MAX_S = 30;
/** §5 "Video upscaling capped at 4096 x 4096". */
export const MAX_VIDEO_UPSCALE_SIDE = 4096;
/** §5 "videos longer than 1 minute cannot go to 4K". */
export const MAX_4K_UPSCALE_S = 60;

/** What the server read from an input video with ffprobe. */
export interface VideoSource {
  durationS: number;
  width: number;
  height: number;
}

const even = (x: number) => Math.max(2, Math.round(x / 2) * 2);

/** Output size of a text-to-video clip: the short side is the resolution, both sides even. */
export function videoSizeFor(aspectRatio: VideoAspectRatio, resolution: VideoResolution): { width: number; height: number } {
  const [a, b] = aspectRatio.split(':').map(Number) as [number, number];
  const short = SHORT_SIDE[resolution];
  return a >= b ? { width: even((short * a) / b), height: short } : { width: short, height: even((short * b) / a) };
}

/** Widest shape a clip takes (either way); a panorama is cropped (photo) or squeezed (video) to it. */
export const MAX_VIDEO_ASPECT = 21 / 9;

/**
 * Output size for a source of `width`×`height` (a photo or a video) at `resolution`: the short
 * side becomes the resolution, the shape is kept (within MAX_VIDEO_ASPECT), both sides even.
 */
export function fitVideoSize(width: number, height: number, resolution: VideoResolution): { width: number; height: number } {
  const ratio = Math.min(MAX_VIDEO_ASPECT, Math.max(1 / MAX_VIDEO_ASPECT, width / height));
  return scaleToShortSide(ratio, 1, SHORT_SIDE[resolution]);
}

/** Standard shapes; a source within 1% of one (854×480 is 16:9 rounded to even pixels) is sized as that shape. */
const STANDARD_RATIOS = [16 / 9, 9 / 16, 1, 4 / 3, 3 / 4, 21 / 9, 9 / 21];

function scaleToShortSide(width: number, height: number, short: number): { width: number; height: number } {
  const measured = width / height;
  const ratio = STANDARD_RATIOS.find((r) => Math.abs(measured / r - 1) < 0.01) ?? measured;
  return ratio >= 1 ? { width: even(short * ratio), height: even(short) } : { width: even(short), height: even(short / ratio) };
}

/** A §5 rule broken by an input video: the catalogue code the server throws. */
export type VideoRuleError = 'VIDEO_DURATION_OUT_OF_RANGE' | 'UNSUPPORTED_UPSCALE_MODE';

/** §5: a general video input lasts 3 to 30 seconds; null when it does. */
export function checkGeneralVideo(durationS: number): VideoRuleError | null {
  return durationS >= GENERAL_VIDEO_MIN_S && durationS <= GENERAL_VIDEO_MAX_S ? null : 'VIDEO_DURATION_OUT_OF_RANGE';
}

/**
 * The size a video upscale produces, or the §5 rule it breaks: the target must be larger than
 * the source, a video over a minute cannot go to 4K, and the result is capped at 4096×4096
 * (a very wide source is fitted inside the cap, keeping its shape).
 */
export function videoUpscalePlan(
  source: VideoSource,
  target: VideoUpscaleTarget,
): { ok: true; width: number; height: number } | { ok: false; error: VideoRuleError } {
  if (target === '4k' && source.durationS > MAX_4K_UPSCALE_S) return { ok: false, error: 'UNSUPPORTED_UPSCALE_MODE' };
  const short = UPSCALE_SHORT_SIDE[target];
  if (Math.min(source.width, source.height) >= short) return { ok: false, error: 'UNSUPPORTED_UPSCALE_MODE' };
  let { width, height } = scaleToShortSide(source.width, source.height, short);
  const fit = Math.min(1, MAX_VIDEO_UPSCALE_SIDE / Math.max(width, height));
  if (fit < 1) {
    // Rounded down to even sizes so the cap holds after rounding.
    width = Math.floor((width * fit) / 2) * 2;
    height = Math.floor((height * fit) / 2) * 2;
  }
  return { ok: true, width, height };
}

/**
 * Credits per second of output:
 *
 * | resolution | std | pro |
 * |------------|-----|-----|
 * | 480p       | 1   | 2   |
 * | 720p       | 2   | 4   |
 * | 1080p      | 4   | 8   |
 *
 * A 1080p frame has about four times the pixels of a 480p one, and pro renders take about twice
 * as long; the V2 models cost half as much again (rounded up). So a 5 s 720p std clip costs 10
 * credits, the same as a video effect.
 */
export const VIDEO_CREDITS_PER_SECOND: Record<VideoResolution, number> = { '480p': 1, '720p': 2, '1080p': 4 };
export const VIDEO_PRO_FACTOR = 2;
export const VIDEO_V2_FACTOR = 1.5;

/** Credits for `seconds` of generated video (partial seconds count as whole ones). */
export function videoCost(p: { seconds: number; resolution: VideoResolution; mode?: VideoMode; v2?: boolean }): number {
  const perSecond = VIDEO_CREDITS_PER_SECOND[p.resolution] * (p.mode === 'pro' ? VIDEO_PRO_FACTOR : 1);
  return Math.ceil(Math.ceil(p.seconds) * perSecond * (p.v2 ? VIDEO_V2_FACTOR : 1));
}

/** Credits per second of an upscaled video: 1080p 1, 2k 2, 4k 4 (lanczos is cheap; 4K files are not). */
export const VIDEO_UPSCALE_CREDITS_PER_SECOND: Record<VideoUpscaleTarget, number> = { '1080p': 1, '2k': 2, '4k': 4 };

/** Credits for upscaling `seconds` of video to `target`. */
export function videoUpscaleCost(seconds: number, target: VideoUpscaleTarget): number {
  return Math.ceil(seconds) * VIDEO_UPSCALE_CREDITS_PER_SECOND[target];
}

// ---------------------------------------------------------------------------------------------
// Lip sync, extension and the video tools (§5)
// ---------------------------------------------------------------------------------------------

/** §5 lip-sync video: short side over 720 px, long side under 1920 px (both ends excluded). */
export const LIP_SYNC_MIN_SHORT_SIDE = 720;
export const LIP_SYNC_MAX_LONG_SIDE = 1920;
/** §5 lip-sync video: longer than 2 s and shorter than 10 s. */
export const LIP_SYNC_MIN_S = 2;
export const LIP_SYNC_MAX_S = 10;
/** §5 lip-sync video: under 100 MB. */
export const LIP_SYNC_MAX_BYTES = 100 * 1024 * 1024;

export type LipSyncRuleError = 'LIP_SYNC_VIDEO_SIZE' | 'LIP_SYNC_VIDEO_DURATION' | 'LIP_SYNC_VIDEO_TOO_LARGE';

/** §5's lip-sync limits on a video (faces are checked by the server's face detector); null when it passes. */
export function checkLipSyncVideo(source: VideoSource & { sizeBytes: number }): LipSyncRuleError | null {
  if (source.sizeBytes >= LIP_SYNC_MAX_BYTES) return 'LIP_SYNC_VIDEO_TOO_LARGE';
  if (Math.min(source.width, source.height) <= LIP_SYNC_MIN_SHORT_SIDE || Math.max(source.width, source.height) >= LIP_SYNC_MAX_LONG_SIDE) {
    return 'LIP_SYNC_VIDEO_SIZE';
  }
  if (source.durationS <= LIP_SYNC_MIN_S || source.durationS >= LIP_SYNC_MAX_S) return 'LIP_SYNC_VIDEO_DURATION';
  return null;
}

/** §5: videos longer than 3 minutes, or created over 30 days ago, cannot be extended. */
export const MAX_EXTEND_SOURCE_S = 180;
export const MAX_EXTEND_AGE_DAYS = 30;

/** True when a video of `durationS` created at `createdAt` may be extended at `now`. */
export function isExtendable(durationS: number, createdAt: Date, now: Date = new Date()): boolean {
  return durationS <= MAX_EXTEND_SOURCE_S && now.getTime() - createdAt.getTime() <= MAX_EXTEND_AGE_DAYS * 86_400_000;
}

/** Lengths a video extension adds, in seconds. */
export const EXTEND_DURATIONS = [5, 10] as const;

/** Lengths of an AI short, in seconds (a vertical 9:16 video). */
export const AI_SHORTS_DURATIONS = [15, 30, 60] as const;

/** Spoken words per second a text-to-speech voice reads at, for pricing before the speech exists. */
export const SPEECH_CHARS_PER_SECOND = 14;
/** Longest speech a lip-sync or avatar request may ask for. */
export const MAX_SPEECH_CHARS = 600;

/** Seconds of speech `text` takes, estimated (the engine measures the real voice). */
export function estimateSpeechSeconds(text: string): number {
  return Math.max(1, Math.ceil(text.trim().length / SPEECH_CHARS_PER_SECOND));
}

/**
 * Credits per second of source video for the video tools (priced by the source the server
 * probed): background removal and face swap run a model on every frame (3), subtitle removal
 * detects text on sampled frames and inpaints a band (2), sound effects synthesise and mix audio
 * (1, never less than 2).
 */
export const VIDEO_TOOL_CREDITS_PER_SECOND = { background: 3, faceSwap: 3, subtitles: 2, soundEffects: 1 } as const;

/** Credits for running a video tool over `seconds` of video. */
export function videoToolCost(seconds: number, tool: keyof typeof VIDEO_TOOL_CREDITS_PER_SECOND): number {
  return Math.max(2, Math.ceil(seconds) * VIDEO_TOOL_CREDITS_PER_SECOND[tool]);
}
