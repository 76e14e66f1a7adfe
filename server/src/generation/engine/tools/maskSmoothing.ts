/**
 * Video background removal's person maps over time (video/kinds/backgroundRemover.ts): smoothed
 * so the edges neither lag nor flicker, and interpolated to each output frame. `smoothMaps` runs
 * as an engine tool on the whole clip's maps at once (tens of milliseconds of JavaScript, which
 * on the worker's event loop held up every request of the process: bench/health.ts).
 */

/** Weight of the newest map in each pass of the moving average. */
const SMOOTHING = 0.5;

/**
 * Forward-backward exponential moving average over a sequence of equally sized maps: each pass
 * is `s[i] = α·x[i] + (1 − α)·s[i−1]`, the second one run backwards over the first's result, so a
 * one-frame flicker is damped on both sides while a lasting change is followed without delay.
 */
export function smoothMaps(maps: readonly Uint8Array[], alpha = SMOOTHING): Uint8Array[] {
  if (maps.length === 0) return [];
  const length = maps[0]!.length;
  const acc = new Float32Array(length);
  const forward: Float32Array[] = [];
  acc.set(maps[0]!);
  for (const map of maps) {
    for (let p = 0; p < length; p++) acc[p] = alpha * map[p]! + (1 - alpha) * acc[p]!;
    forward.push(Float32Array.from(acc));
  }
  const out: Uint8Array[] = new Array<Uint8Array>(maps.length);
  acc.set(forward[forward.length - 1]!);
  for (let i = forward.length - 1; i >= 0; i--) {
    const f = forward[i]!;
    const o = new Uint8Array(length);
    for (let p = 0; p < length; p++) {
      acc[p] = alpha * f[p]! + (1 - alpha) * acc[p]!;
      o[p] = Math.round(acc[p]!);
    }
    out[i] = o;
  }
  return out;
}

/** The map at fractional index `position` (linear between its neighbours, clamped at the ends). */
export function mapAt(maps: readonly Uint8Array[], position: number): Uint8Array {
  const last = maps.length - 1;
  const at = Math.min(last, Math.max(0, position));
  const i = Math.floor(at);
  const t = at - i;
  const a = maps[i]!;
  if (t < 1e-6 || i === last) return a;
  const b = maps[i + 1]!;
  const out = new Uint8Array(a.length);
  for (let p = 0; p < a.length; p++) out[p] = Math.round(a[p]! + (b[p]! - a[p]!) * t);
  return out;
}

/** smoothMaps on `count` maps laid end to end in `strip`, answered the same way (the engine tool). */
export function smoothMapStrip(strip: Uint8Array, count: number): Uint8Array {
  if (count < 1 || strip.length % count !== 0) throw new Error(`smoothMaps: ${strip.length} bytes are not ${count} maps`);
  const size = strip.length / count;
  const maps = Array.from({ length: count }, (_, i) => strip.subarray(i * size, (i + 1) * size));
  const out = new Uint8Array(strip.length);
  smoothMaps(maps).forEach((map, i) => out.set(map, i * size));
  return out;
}
