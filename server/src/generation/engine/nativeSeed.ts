/**
 * Seeds and other derived integers on their way into native code. OpenCV.js (Emscripten), tfjs
 * kernels and ffmpeg option parsers take C `int`s and reject or misread anything outside
 * −2^31…2^31−1, while the seeds this engine derives in JS are unsigned 32-bit (hashString, `>>> 0`)
 * or larger (`seed + i`). Every such value passes through {@link nativeSeed} at the boundary.
 */

/** The largest value native code takes as a C `int` (OpenCV's setRNGSeed, ffmpeg's int options). */
export const NATIVE_INT_MAX = 0x7fffffff;

/**
 * Any number as a seed native code accepts: an integer in 0..NATIVE_INT_MAX. Seeds derived in JS
 * (hashString, `>>> 0`, `seed + i`) are unsigned 32-bit or larger, and Emscripten's bindings
 * throw on an `int` argument above 2^31−1 ("Comic" failed on about half of all prompts that
 * way), so every seed that crosses into OpenCV, tfjs or an ffmpeg graph goes through this.
 * Wraps rather than clamps, so neighbouring seeds stay distinct; non-finite numbers give 0.
 */
export function nativeSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 0;
  return (Math.trunc(seed) >>> 0) & NATIVE_INT_MAX;
}
