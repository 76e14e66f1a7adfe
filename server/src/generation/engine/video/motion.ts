/**
 * Motion between video frames, measured classically for the kinds that reuse a video's movement:
 * mimic motion (a reference video's movement applied to a photo) and extension (the last second's
 * movement carried on past the end). No pose or video model runs offline here, so this is the
 * honest stand-in: Shi–Tomasi corners tracked by pyramidal Lucas–Kanade optical flow (OpenCV) on
 * small grey frames, and a similarity (shift, scale, rotation) fitted to the tracked points by
 * RANSAC, so points on things moving on their own do not bend the fit.
 *
 * Two readings of the same flow: `camera` fits every point (the dominant, global motion — what
 * extension continues); `subject` fits only the moving points when most of the picture holds
 * still (a dancer in front of a fixed camera), and falls back to the global motion when the whole
 * picture moves — so mimic motion follows the performer rather than the static background.
 */
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { type CV, loadOpenCv, matFromRaw, seededRandom, withMats } from '../opencv.ts';
import { runFfmpeg } from './ffmpeg.ts';

/**
 * A 2-D similarity p' = [a −b; b a]·p + (tx, ty), in pixels of the frames it was measured on:
 * `a = scale·cos(angle)`, `b = scale·sin(angle)`.
 */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export const IDENTITY: Similarity = { a: 1, b: 0, tx: 0, ty: 0 };

/** A similarity read about the frame's centre: the centre's shift as a share of the frame, scale and angle (radians). */
export interface CentredMotion {
  dx: number;
  dy: number;
  scale: number;
  angle: number;
}

export type MotionFocus = 'camera' | 'subject';

/** Grey frames of one size, one byte a pixel. */
export interface GreyFrames {
  frames: Uint8Array[];
  width: number;
  height: number;
}

/** Corners tracked per frame pair: enough for a stable fit, cheap on small frames. */
const MAX_POINTS = 300;
/** Fewer usable points than this and the pair is read as "no motion". */
const MIN_POINTS = 8;
/** A point that moved less than this (px) between frames holds still. */
const STILL_PX = 0.3;
/** `subject` fits the moving points only when at least this share of the points hold still … */
const STILL_SHARE = 0.4;
/** … and at least this share move. */
const MOVING_SHARE = 0.05;
/** RANSAC: hypotheses tried, and how close (px) a point must land to agree with one. */
const RANSAC_ROUNDS = 150;
const INLIER_PX = 0.6;
/** Frame pairs measured between yields to the event loop. */
const YIELD_EVERY = 8;

/**
 * Decodes a video to small grey frames at `fps` (`fromEndS`: only its last seconds). The caller
 * picks a size of the video's shape; frames are read from a raw file in the caller's temp dir.
 */
export async function readGreyFrames(
  path: string,
  p: { dir: string; width: number; height: number; fps: number; fromEndS?: number; signal?: AbortSignal },
): Promise<GreyFrames> {
  const out = join(p.dir, `grey-${p.width}x${p.height}.raw`);
  const seek = p.fromEndS === undefined ? [] : ['-sseof', `-${p.fromEndS}`];
  await runFfmpeg(
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...seek, '-i', `file:${path}`, '-an',
      '-vf', `fps=${p.fps},scale=${p.width}:${p.height}:flags=area,format=gray`, '-f', 'rawvideo', `file:${out}`],
    1,
    p.signal ? { signal: p.signal } : {},
  );
  const raw = await readFile(out);
  const size = p.width * p.height;
  const frames: Uint8Array[] = [];
  for (let at = 0; at + size <= raw.length; at += size) frames.push(new Uint8Array(raw.buffer, raw.byteOffset + at, size));
  return { frames, width: p.width, height: p.height };
}

/** Point pairs (x, y interleaved) tracked from `prev` to `next`. */
function trackPoints(cv: CV, prev: Uint8Array, next: Uint8Array, width: number, height: number): { from: number[]; to: number[] } {
  return withMats(cv, (keep) => {
    const a = keep(matFromRaw(cv, { data: prev, width, height, channels: 1 }));
    const b = keep(matFromRaw(cv, { data: next, width, height, channels: 1 }));
    const corners = keep(new cv.Mat());
    const minDistance = Math.max(3, Math.round(Math.min(width, height) / 40));
    cv.goodFeaturesToTrack(a, corners, MAX_POINTS, 0.01, minDistance, keep(new cv.Mat()), 3, false, 0.04);
    if (corners.rows < MIN_POINTS) return { from: [], to: [] };
    const moved = keep(new cv.Mat());
    const status = keep(new cv.Mat());
    const error = keep(new cv.Mat());
    const criteria = new cv.TermCriteria(cv.TermCriteria_COUNT + cv.TermCriteria_EPS, 30, 0.01);
    cv.calcOpticalFlowPyrLK(a, b, corners, moved, status, error, new cv.Size(21, 21), 3, criteria);
    const p0 = Float32Array.from(corners.data32F);
    const p1 = Float32Array.from(moved.data32F);
    const ok = Uint8Array.from(status.data);
    const from: number[] = [];
    const to: number[] = [];
    for (let i = 0; i < ok.length; i++) {
      const [x, y] = [p1[i * 2]!, p1[i * 2 + 1]!];
      // lost points, and points tracked off the frame, say nothing about the motion
      if (!ok[i] || !(x >= 0 && y >= 0 && x < width && y < height)) continue;
      from.push(p0[i * 2]!, p0[i * 2 + 1]!);
      to.push(x, y);
    }
    return { from, to };
  });
}

/** Least-squares similarity taking `from` to `to` (closed form on centred points). */
function fitSimilarity(from: readonly number[], to: readonly number[], use: readonly number[]): Similarity {
  let mx = 0, my = 0, nx = 0, ny = 0;
  for (const i of use) {
    mx += from[i * 2]!; my += from[i * 2 + 1]!;
    nx += to[i * 2]!; ny += to[i * 2 + 1]!;
  }
  mx /= use.length; my /= use.length; nx /= use.length; ny /= use.length;
  let dot = 0, cross = 0, norm = 0;
  for (const i of use) {
    const [x, y] = [from[i * 2]! - mx, from[i * 2 + 1]! - my];
    const [u, v] = [to[i * 2]! - nx, to[i * 2 + 1]! - ny];
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  const a = norm > 0 ? dot / norm : 1;
  const b = norm > 0 ? cross / norm : 0;
  return { a, b, tx: nx - (a * mx - b * my), ty: ny - (b * mx + a * my) };
}

/** Distance from where `fit` sends point `i` of `from` to where it went. */
function residual(fit: Similarity, from: readonly number[], to: readonly number[], i: number): number {
  const [x, y] = [from[i * 2]!, from[i * 2 + 1]!];
  return Math.hypot(fit.a * x - fit.b * y + fit.tx - to[i * 2]!, fit.b * x + fit.a * y + fit.ty - to[i * 2 + 1]!);
}

/**
 * The similarity most points agree on, by RANSAC: similarities through random pairs of points
 * (a pair fixes one), the one most points fit within INLIER_PX wins, then a least-squares refit on
 * its inliers. Points on things that move on their own (a ticking counter, a passer-by) are
 * outliers to the camera's motion and are left out rather than averaged in. Seeded: the same
 * points always give the same answer.
 */
export function robustSimilarity(from: readonly number[], to: readonly number[]): Similarity {
  const count = from.length / 2;
  if (count < MIN_POINTS) return IDENTITY;
  const random = seededRandom(count);
  let best: number[] = [];
  for (let round = 0; round < RANSAC_ROUNDS; round++) {
    const i = Math.floor(random() * count);
    const j = Math.floor(random() * count);
    // a pair too close together pins the scale and angle down poorly
    if (i === j || Math.hypot(from[i * 2]! - from[j * 2]!, from[i * 2 + 1]! - from[j * 2 + 1]!) < 4) continue;
    const fit = fitSimilarity(from, to, [i, j]);
    const inliers: number[] = [];
    for (let k = 0; k < count; k++) if (residual(fit, from, to, k) <= INLIER_PX) inliers.push(k);
    if (inliers.length > best.length) best = inliers;
  }
  if (best.length < MIN_POINTS) return fitSimilarity(from, to, Array.from({ length: count }, (_, k) => k));
  // refit on the inliers, and once more on the inliers of that fit
  const refit = fitSimilarity(from, to, best);
  const final = Array.from({ length: count }, (_, k) => k).filter((k) => residual(refit, from, to, k) <= INLIER_PX);
  return final.length >= MIN_POINTS ? fitSimilarity(from, to, final) : refit;
}

/** The motion from one frame to the next (see the module comment for `focus`). */
export function frameMotion(cv: CV, prev: Uint8Array, next: Uint8Array, width: number, height: number, focus: MotionFocus): Similarity {
  const { from, to } = trackPoints(cv, prev, next, width, height);
  const count = from.length / 2;
  if (count < MIN_POINTS) return IDENTITY;
  if (focus === 'subject') {
    const moving: number[] = [];
    for (let i = 0; i < count; i++) if (Math.hypot(to[i * 2]! - from[i * 2]!, to[i * 2 + 1]! - from[i * 2 + 1]!) >= STILL_PX) moving.push(i);
    const stillShare = 1 - moving.length / count;
    if (stillShare >= STILL_SHARE && moving.length >= Math.max(MIN_POINTS, count * MOVING_SHARE)) {
      return robustSimilarity(moving.flatMap((i) => [from[i * 2]!, from[i * 2 + 1]!]), moving.flatMap((i) => [to[i * 2]!, to[i * 2 + 1]!]));
    }
    if (stillShare >= STILL_SHARE) return IDENTITY;
  }
  return robustSimilarity(from, to);
}

/** `second` after `first`. */
export function compose(second: Similarity, first: Similarity): Similarity {
  return {
    a: second.a * first.a - second.b * first.b,
    b: second.b * first.a + second.a * first.b,
    tx: second.a * first.tx - second.b * first.ty + second.tx,
    ty: second.b * first.tx + second.a * first.ty + second.ty,
  };
}

/** Frame-to-frame motions of a sequence (one fewer than its frames); `onStep` reports 0..1. */
export async function stepMotions(grey: GreyFrames, focus: MotionFocus, onStep?: (fraction: number) => void, signal?: AbortSignal): Promise<Similarity[]> {
  const cv = await loadOpenCv();
  const steps: Similarity[] = [];
  for (let i = 1; i < grey.frames.length; i++) {
    signal?.throwIfAborted();
    // OpenCV runs on this thread: let the event loop breathe between batches of frames
    if (i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    steps.push(frameMotion(cv, grey.frames[i - 1]!, grey.frames[i]!, grey.width, grey.height, focus));
    onStep?.(i / (grey.frames.length - 1));
  }
  return steps;
}

/** Where each frame stands relative to the first: the running composition of the steps (first entry the identity). */
export function accumulate(steps: readonly Similarity[]): Similarity[] {
  const track = [IDENTITY];
  for (const step of steps) track.push(compose(step, track[track.length - 1]!));
  return track;
}

/** A similarity measured on `width`×`height` frames, read about the frame's centre. */
export function centred(m: Similarity, width: number, height: number): CentredMotion {
  const [cx, cy] = [width / 2, height / 2];
  return {
    dx: (m.a * cx - m.b * cy + m.tx - cx) / width,
    dy: (m.b * cx + m.a * cy + m.ty - cy) / height,
    scale: Math.hypot(m.a, m.b),
    angle: Math.atan2(m.b, m.a),
  };
}

/** The mean of the steps, read about the centre: the per-frame velocity of a stretch of video. */
export function meanVelocity(steps: readonly Similarity[], width: number, height: number): CentredMotion {
  if (steps.length === 0) return { dx: 0, dy: 0, scale: 1, angle: 0 };
  const parts = steps.map((s) => centred(s, width, height));
  const mean = (pick: (c: CentredMotion) => number) => parts.reduce((sum, c) => sum + pick(c), 0) / parts.length;
  return { dx: mean((c) => c.dx), dy: mean((c) => c.dy), scale: Math.exp(mean((c) => Math.log(c.scale))), angle: mean((c) => c.angle) };
}
