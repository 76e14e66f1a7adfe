/**
 * The local engine's media profile: the frame rates and x264 settings its renders use.
 *
 * - `product` (the default): what users get — 24 fps video kinds and effects, 30 fps timeline
 *   exports, x264 `veryfast`/CRF 23 (pro mode: `medium`/CRF 18).
 * - `test`: the test suite's (vitest.config.ts sets it for every project; never set it in
 *   production). Fewer frames a second — 8 for the video kinds and effects (a third of 24, so half
 *   and quarter seconds are still whole frames: crossfades, face-detection spacing), 10 for timeline
 *   exports (a third of 30: tenths of a second stay whole frames) — and x264 `ultrafast` at the same
 *   CRFs. Codecs, pixel format, frame sizes and durations are the product's.
 *
 * Read once from `ENGINE_MEDIA_PROFILE` when the module loads; an unknown value throws. Engine
 * worker threads inherit process.env, so they read the same profile as the main thread.
 * server/src/config.ts validates the variable too, so a bad value stops the server at start.
 */

export const MEDIA_PROFILE_NAMES = ['product', 'test'] as const;
export type MediaProfileName = (typeof MEDIA_PROFILE_NAMES)[number];

/** x264 speed and quality: `-preset` and `-crf`. */
export interface X264Settings {
  preset: string;
  crf: number;
}

export interface MediaProfile {
  name: MediaProfileName;
  /** Frame rate of the video kinds' clips (video/videoKinds.ts and video/kinds/*). */
  videoFps: number;
  /** Frame rate of a timeline export (video/renderTimeline.ts). */
  timelineFps: number;
  /** Frame rate of the photo video effects (effects/videoEffects.ts). */
  effectsFps: number;
  /** Finished clips: `std` everywhere, `pro` for the video kinds' pro mode (more detail per bit, several times the CPU). */
  x264: Readonly<Record<'std' | 'pro', Readonly<X264Settings>>>;
}

const PROFILES: Readonly<Record<MediaProfileName, Readonly<MediaProfile>>> = {
  product: {
    name: 'product',
    videoFps: 24,
    timelineFps: 30,
    effectsFps: 24,
    x264: { std: { preset: 'veryfast', crf: 23 }, pro: { preset: 'medium', crf: 18 } },
  },
  test: {
    name: 'test',
    videoFps: 8,
    timelineFps: 10,
    effectsFps: 8,
    x264: { std: { preset: 'ultrafast', crf: 23 }, pro: { preset: 'ultrafast', crf: 18 } },
  },
};

/** The profile an `ENGINE_MEDIA_PROFILE` value names (unset or empty: `product`); anything else throws. */
export function mediaProfileFor(value: string | undefined): Readonly<MediaProfile> {
  const name = value?.trim() || 'product';
  if (!(MEDIA_PROFILE_NAMES as readonly string[]).includes(name)) {
    throw new Error(`ENGINE_MEDIA_PROFILE must be one of ${MEDIA_PROFILE_NAMES.join(', ')} (got "${value}")`);
  }
  return PROFILES[name as MediaProfileName];
}

/** This process's profile. */
export const MEDIA_PROFILE = mediaProfileFor(process.env.ENGINE_MEDIA_PROFILE);

/** Frame rate of the video kinds' clips. */
export const VIDEO_FPS = MEDIA_PROFILE.videoFps;
/** Frame rate of timeline exports. */
export const TIMELINE_FPS = MEDIA_PROFILE.timelineFps;
/** Frame rate of the photo video effects. */
export const EFFECTS_FPS = MEDIA_PROFILE.effectsFps;

/** ffmpeg arguments for the profile's x264 speed and quality (`-preset … -crf …`). */
export function x264Args(mode: 'std' | 'pro' = 'std'): string[] {
  const { preset, crf } = MEDIA_PROFILE.x264[mode];
  return ['-preset', preset, '-crf', String(crf)];
}
