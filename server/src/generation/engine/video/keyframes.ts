/**
 * Animating a filter option from keyframes: a piecewise-linear ffmpeg expression of a frame
 * counter through values at evenly spaced frames, written as a sum of "hat" functions
 * (`v·max(0, 1 − |n − k·h| / h)`) — flat, with no nested `if`s, so a long track stays a short
 * graph (a whole filter graph travels as one command-line argument, limited to 128 KiB). Values
 * are smoothed and resampled from a measured track before they become keyframes.
 */
import { n } from './videoKinds.ts';

/** Most keyframes one animated option gets (a 30 s clip then has one every 6 frames). */
export const MAX_KEYFRAMES = 120;

/** Spacing (frames) of the keyframes for a clip of `frames` frames: every other frame at least. */
export function keyframeSpacing(frames: number): number {
  return Math.max(2, Math.ceil(frames / MAX_KEYFRAMES));
}

/**
 * The expression of `variable` that equals `values[k]` at `variable = k·spacing` and is linear in
 * between; the last value holds after the last keyframe.
 */
export function piecewiseLinear(variable: string, values: readonly number[], spacing: number): string {
  if (values.length === 0) return '0';
  const base = values[values.length - 1]!;
  const terms = [n(base)];
  values.forEach((value, k) => {
    const delta = Number((value - base).toFixed(3));
    // measured from the last value, whose hat is then zero: past the last keyframe it holds
    if (delta === 0) return;
    terms.push(`${n(delta)}*max(0,1-abs(${variable}-${k * spacing})/${spacing})`);
  });
  return terms.join('+').replace(/\+-/g, '-');
}

/**
 * `track` (sampled at `trackFps`) read at `count` keyframes `spacing` output frames apart (at
 * `outputFps`): linear between samples, clamped at the ends, after a [1 2 1]/4 smoothing that
 * takes out frame-to-frame jitter.
 */
export function resampleTrack(track: readonly number[], trackFps: number, count: number, spacing: number, outputFps: number): number[] {
  if (track.length === 0) return new Array<number>(count).fill(0);
  const smooth = track.map((v, i) => (track[Math.max(0, i - 1)]! + 2 * v + track[Math.min(track.length - 1, i + 1)]!) / 4);
  return Array.from({ length: count }, (_, k) => {
    const at = Math.min(smooth.length - 1, ((k * spacing) / outputFps) * trackFps);
    const i = Math.floor(at);
    const t = at - i;
    return i + 1 < smooth.length ? smooth[i]! * (1 - t) + smooth[i + 1]! * t : smooth[i]!;
  });
}
