/**
 * Face swap on the local engine: face-api (SSD MobileNet v1 + 68-point landmarks, WASM tfjs)
 * finds the faces, a Delaunay triangulation of the target's landmarks drives a piecewise-affine
 * warp of the source face onto each target face, the warped face is colour-matched to the
 * target skin (per-channel mean/std) and alpha-blended through a feathered convex-hull mask.
 *
 * Pure: Buffers in, Buffer out. The only global state is the lazily loaded face-api models, so
 * the function can run inline or in an engine worker thread.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';
import type { Tensor3D } from '@tensorflow/tfjs-core';
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { loadTf, packageFile, type Tf } from '../tf.ts';
import type { EngineImage, EngineProgress } from '../types.ts';

/** Below this SSD score a detection is not treated as a face. */
const MIN_CONFIDENCE = 0.5;
/** Faces are detected on a copy no larger than this (SSD MobileNet runs at 512 px anyway). */
const MAX_DETECT_SIDE = 1024;
/** The face photo is only sampled, so it is decoded no larger than this. */
const MAX_SOURCE_SIDE = 2048;
/** Feather width of the blend mask, as a fraction of the face size. */
const FEATHER = 0.05;
/** Colour matching never scales contrast beyond these factors (guards flat or tiny regions). */
const MIN_STD_RATIO = 0.5;
const MAX_STD_RATIO = 2;
const JPEG_QUALITY = 92;
/** Size of the Bowyer–Watson super-triangle relative to the point spread. */
const SUPER = 1e4;

export interface Point {
  x: number;
  y: number;
}

/** A detected face in the coordinates of the (EXIF-rotated) input image. */
export interface DetectedFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks in the iBUG 300-W order (jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, mouth 48–67). */
  landmarks: Point[];
}

// The small part of face-api's surface this file uses; its bundled typings redeclare all of
// tfjs, so the node-wasm build is loaded untyped and described here.
interface FaceApiResult {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  landmarks: { positions: Point[] };
}
interface FaceApiNet {
  loadFromDisk(dir: string): Promise<void>;
}
interface FaceApi {
  nets: { ssdMobilenetv1: FaceApiNet; faceLandmark68Net: FaceApiNet };
  SsdMobilenetv1Options: new (options: { minConfidence: number; maxResults: number }) => object;
  detectAllFaces(input: Tensor3D, options: object): { withFaceLandmarks(): PromiseLike<FaceApiResult[]> };
}

let models: Promise<{ faceapi: FaceApi; tf: Tf }> | undefined;

/**
 * face-api's node-wasm build (CommonJS) run against the engine's own tfjs. The build requires the
 * `@tensorflow/tfjs` umbrella and the wasm backend, but uses only tfjs-core's ops and io: its
 * `require` is handed tf.ts's tfjs-core (already on the wasm backend) and the same wasm backend
 * module, so there is one tfjs instance per thread and the umbrella is not needed.
 */
async function evaluateFaceApi(tf: Tf): Promise<FaceApi> {
  const filename = packageFile('@vladmandic/face-api', 'dist/face-api.node-wasm.js');
  const wasmBackend = await import('@tensorflow/tfjs-backend-wasm');
  const requireNext = createRequire(filename);
  const requireFor = (id: string): unknown => (id === '@tensorflow/tfjs' ? tf : id === '@tensorflow/tfjs-backend-wasm' ? wasmBackend : requireNext(id));
  const module = { exports: {} as unknown };
  const run = compileFunction(await readFile(filename, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  run(module.exports, requireFor, module, filename, dirname(filename));
  return module.exports as FaceApi;
}

/** face-api with its detector and landmark models (and the tfjs they run on), loaded once per thread. */
function loadFaceApi(): Promise<{ faceapi: FaceApi; tf: Tf }> {
  if (models) return models;
  models = (async () => {
    // The backend must be selected before face-api's first detection.
    const tf = await loadTf();
    const faceapi = await evaluateFaceApi(tf);
    const dir = packageFile('@vladmandic/face-api', 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(dir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(dir);
    return { faceapi, tf };
  })();
  // A failed load (e.g. a transient fs error) must not poison the thread for good.
  models.catch(() => {
    models = undefined;
  });
  return models;
}

/** Decoded, EXIF-rotated sRGB pixels, always 4 channels. */
export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes `image`; `maxSide` shrinks it (never enlarges) to bound the memory a huge photo takes. */
export async function decode(image: Buffer, maxSide?: number): Promise<{ pixels: Rgba; format: string | undefined; hasAlpha: boolean }> {
  const meta = await sharp(image).metadata();
  let pipeline = sharp(image).rotate();
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: { data, width: info.width, height: info.height }, format: meta.format, hasAlpha: meta.hasAlpha };
}

/** The layout of raw pixels: packed RGB (as ffmpeg decodes video frames) or RGBA. */
export interface RawFormat {
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Raw pixels for the detector; RGBA unless `channels` says 3. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels?: 3 | 4;
}

/** Faces (score ≥ 0.5) with their 68 landmarks, in the pixels' coordinates. */
export async function detect(pixels: Pixels): Promise<DetectedFace[]> {
  const { faceapi, tf } = await loadFaceApi();
  const scale = Math.min(1, MAX_DETECT_SIDE / Math.max(pixels.width, pixels.height));
  const { data, info } = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 } })
    .resize(Math.max(1, Math.round(pixels.width * scale)), Math.max(1, Math.round(pixels.height * scale)), { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 50 });
    const results = await faceapi.detectAllFaces(input, options).withFaceLandmarks();
    const sx = pixels.width / info.width;
    const sy = pixels.height / info.height;
    return results.map((r) => ({
      score: r.detection.score,
      box: { x: r.detection.box.x * sx, y: r.detection.box.y * sy, width: r.detection.box.width * sx, height: r.detection.box.height * sy },
      landmarks: r.landmarks.positions.map((p) => ({ x: p.x * sx, y: p.y * sy })),
    }));
  } finally {
    input.dispose();
  }
}

/** Faces (score ≥ 0.5) with their 68 landmarks, in the coordinates of the EXIF-rotated image. */
export async function detectFaces(image: Buffer): Promise<DetectedFace[]> {
  return detect((await decode(image)).pixels);
}

/**
 * The engine-pool tool behind face tracking and the accept-time face checks: the faces on each of
 * several pictures, encoded images (EXIF-rotated coordinates) or, with `raw`, raw pixels of that
 * format. A batch per call keeps the thread round trips few; the answer is plain data.
 */
export async function detectFaceBatch(images: readonly Buffer[], raw: RawFormat | undefined, progress: EngineProgress): Promise<DetectedFace[][]> {
  const out: DetectedFace[][] = [];
  for (const [i, image] of images.entries()) {
    if (raw && image.length !== raw.width * raw.height * raw.channels) throw new Error(`detectFaces: picture ${i} is ${image.length} bytes, not ${raw.width}x${raw.height}x${raw.channels}`);
    out.push(raw ? await detect({ data: image, ...raw }) : await detectFaces(image));
    progress((i + 1) / images.length, 'detecting');
  }
  return out;
}

/** The bounding box of a set of points. */
function boundsOf(points: readonly Point[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Delaunay triangulation (Bowyer–Watson) of `points`, as index triples. Points closer than a
 * hundredth of a pixel to an earlier one are skipped (closed lips put landmarks on top of each
 * other); the triangles still cover them.
 */
export function delaunay(points: readonly Point[]): [number, number, number][] {
  const { minX, minY, maxX, maxY } = boundsOf(points);
  const span = Math.max(maxX - minX, maxY - minY, 1);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  // Vertices n, n+1, n+2 form a super-triangle far outside every point. It must be huge: with a
  // finite one, hull triangles whose circumcircle reaches a super vertex go missing (at 20× the
  // landmark spread, real faces lost slivers of up to 2 px²; at 10⁴× none of 22 faces did).
  const n = points.length;
  const v: Point[] = [...points, { x: cx - SUPER * span, y: cy - span }, { x: cx, y: cy + SUPER * span }, { x: cx + SUPER * span, y: cy - span }];
  const at = (i: number): Point => v[i]!;
  const ccw = (a: number, b: number, c: number): [number, number, number] => {
    const A = at(a);
    const B = at(b);
    const C = at(c);
    return (B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x) > 0 ? [a, b, c] : [a, c, b];
  };
  // In-circle predicate for a counter-clockwise triangle (no circumcentre division, so no
  // blow-up on nearly collinear triangles).
  const inCircle = ([a, b, c]: [number, number, number], p: Point): boolean => {
    const A = at(a);
    const B = at(b);
    const C = at(c);
    const ax = A.x - p.x;
    const ay = A.y - p.y;
    const bx = B.x - p.x;
    const by = B.y - p.y;
    const cx2 = C.x - p.x;
    const cy2 = C.y - p.y;
    const det = (ax * ax + ay * ay) * (bx * cy2 - cx2 * by) - (bx * bx + by * by) * (ax * cy2 - cx2 * ay) + (cx2 * cx2 + cy2 * cy2) * (ax * by - bx * ay);
    return det > 0;
  };

  let triangles: [number, number, number][] = [ccw(n, n + 1, n + 2)];
  const inserted: Point[] = [];
  for (let i = 0; i < n; i++) {
    const p = at(i);
    if (inserted.some((q) => Math.abs(q.x - p.x) < 0.01 && Math.abs(q.y - p.y) < 0.01)) continue;
    inserted.push(p);
    const bad: [number, number, number][] = [];
    const keep: [number, number, number][] = [];
    for (const t of triangles) (inCircle(t, p) ? bad : keep).push(t);
    // The cavity's boundary: edges of bad triangles not shared with another bad triangle.
    const edges = new Map<string, [number, number]>();
    for (const [a, b, c] of bad) {
      for (const [e0, e1] of [
        [a, b],
        [b, c],
        [c, a],
      ] as const) {
        const key = e0 < e1 ? `${e0},${e1}` : `${e1},${e0}`;
        if (edges.has(key)) edges.delete(key);
        else edges.set(key, [e0, e1]);
      }
    }
    for (const [e0, e1] of edges.values()) keep.push(ccw(e0, e1, i));
    triangles = keep;
  }
  return triangles.filter(([a, b, c]) => a < n && b < n && c < n);
}

function bilinear(src: Rgba, x: number, y: number, out: Float32Array, o: number): void {
  const { data, width, height } = src;
  const fx = Math.min(Math.max(x, 0), width - 1);
  const fy = Math.min(Math.max(y, 0), height - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const dx = fx - x0;
  const dy = fy - y0;
  const i00 = (y0 * width + x0) * 4;
  const i10 = (y0 * width + x1) * 4;
  const i01 = (y1 * width + x0) * 4;
  const i11 = (y1 * width + x1) * 4;
  for (let c = 0; c < 3; c++) {
    const top = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * dx;
    const bottom = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * dx;
    out[o + c] = top + (bottom - top) * dy;
  }
}

/** Replaces one target face (in place, in `canvas`) with the source face. */
export async function swapOne(canvas: Rgba, target: DetectedFace, source: Rgba, sourceFace: DetectedFace, stage: (name: 'warping' | 'blending') => void): Promise<void> {
  const dst = target.landmarks;
  const srcPts = sourceFace.landmarks;
  const { minX, minY, maxX, maxY } = boundsOf(dst);
  const faceSize = Math.sqrt(Math.max(1, (maxX - minX) * (maxY - minY)));
  const sigma = Math.max(0.5, faceSize * FEATHER);
  const pad = Math.ceil(3 * sigma) + 1;
  const x0 = Math.max(0, Math.floor(minX) - pad);
  const y0 = Math.max(0, Math.floor(minY) - pad);
  const x1 = Math.min(canvas.width, Math.ceil(maxX) + pad);
  const y1 = Math.min(canvas.height, Math.ceil(maxY) + pad);
  const rw = x1 - x0;
  const rh = y1 - y0;
  if (rw <= 0 || rh <= 0) return;

  stage('warping');
  // Piecewise-affine warp, sampled backwards: every target pixel centre inside a target triangle
  // maps through its barycentric coordinates to the same coordinates in the source triangle.
  const warped = new Float32Array(rw * rh * 3);
  const cover = Buffer.alloc(rw * rh);
  for (const [ia, ib, ic] of delaunay(dst)) {
    const a = dst[ia]!;
    const b = dst[ib]!;
    const c = dst[ic]!;
    const sa = srcPts[ia]!;
    const sb = srcPts[ib]!;
    const sc = srcPts[ic]!;
    const denom = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    if (Math.abs(denom) < 1e-9) continue;
    const tx0 = Math.max(x0, Math.floor(Math.min(a.x, b.x, c.x)));
    const tx1 = Math.min(x1 - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
    const ty0 = Math.max(y0, Math.floor(Math.min(a.y, b.y, c.y)));
    const ty1 = Math.min(y1 - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
    for (let y = ty0; y <= ty1; y++) {
      const py = y + 0.5;
      for (let x = tx0; x <= tx1; x++) {
        const px = x + 0.5;
        const l1 = ((b.y - c.y) * (px - c.x) + (c.x - b.x) * (py - c.y)) / denom;
        const l2 = ((c.y - a.y) * (px - c.x) + (a.x - c.x) * (py - c.y)) / denom;
        const l3 = 1 - l1 - l2;
        if (l1 < -1e-6 || l2 < -1e-6 || l3 < -1e-6) continue;
        const r = (y - y0) * rw + (x - x0);
        // Landmarks are in pixel-corner coordinates; sample at the matching pixel index.
        bilinear(source, l1 * sa.x + l2 * sb.x + l3 * sc.x - 0.5, l1 * sa.y + l2 * sb.y + l3 * sc.y - 0.5, warped, r * 3);
        cover[r] = 255;
      }
    }
  }

  stage('blending');
  // Feathered mask: blur the hull, then keep only its inner half and stretch it to 0..1, so the
  // feather lies inside the hull where warped pixels exist (no dark fringe from uncovered pixels).
  const blurred = await sharp(cover, { raw: { width: rw, height: rh, channels: 1 } })
    .blur(sigma)
    .extractChannel(0) // sharp widens single-channel raw input to sRGB on output
    .raw()
    .toBuffer();
  const alpha = new Float32Array(rw * rh);
  for (let r = 0; r < alpha.length; r++) alpha[r] = cover[r] ? Math.min(1, Math.max(0, (blurred[r]! / 255 - 0.5) * 2)) : 0;

  // Colour correction: per channel, match the warped face's mean and spread to the target's
  // over the solid part of the mask.
  const sum = [0, 0, 0, 0, 0, 0];
  const sq = [0, 0, 0, 0, 0, 0];
  let count = 0;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const r = y * rw + x;
      if (alpha[r]! < 0.5) continue;
      count++;
      const t = ((y + y0) * canvas.width + (x + x0)) * 4;
      for (let c = 0; c < 3; c++) {
        const s = warped[r * 3 + c]!;
        const d = canvas.data[t + c]!;
        sum[c]! += s;
        sq[c]! += s * s;
        sum[c + 3]! += d;
        sq[c + 3]! += d * d;
      }
    }
  }
  const gain = [1, 1, 1];
  const offset = [0, 0, 0];
  if (count > 0) {
    for (let c = 0; c < 3; c++) {
      const ms = sum[c]! / count;
      const md = sum[c + 3]! / count;
      const ss = Math.sqrt(Math.max(0, sq[c]! / count - ms * ms));
      const sd = Math.sqrt(Math.max(0, sq[c + 3]! / count - md * md));
      const g = ss > 1e-3 ? Math.min(MAX_STD_RATIO, Math.max(MIN_STD_RATIO, sd / ss)) : 1;
      gain[c] = g;
      offset[c] = md - ms * g;
    }
  }

  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const r = y * rw + x;
      const m = alpha[r]!;
      if (m <= 0) continue;
      const t = ((y + y0) * canvas.width + (x + x0)) * 4;
      for (let c = 0; c < 3; c++) {
        const face = warped[r * 3 + c]! * gain[c]! + offset[c]!;
        // A Buffer wraps out-of-range values modulo 256, so clamp.
        canvas.data[t + c] = Math.min(255, Math.max(0, Math.round(face * m + canvas.data[t + c]! * (1 - m))));
      }
    }
  }
}

/** Packed RGB pixels (as ffmpeg decodes them) widened to the RGBA the face tools take. */
export function rgbToRgba(rgb: Uint8Array, width: number, height: number): Rgba {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    data[j] = rgb[i]!;
    data[j + 1] = rgb[i + 1]!;
    data[j + 2] = rgb[i + 2]!;
    data[j + 3] = 255;
  }
  return { data, width, height };
}

/** RGBA back to packed RGB, into `out`. */
export function rgbaToRgb(rgba: Rgba, out: Uint8Array): void {
  const { data } = rgba;
  for (let i = 0, j = 0; j < data.length; i += 3, j += 4) {
    out[i] = data[j]!;
    out[i + 1] = data[j + 1]!;
    out[i + 2] = data[j + 2]!;
  }
}

export const area = (f: DetectedFace): number => f.box.width * f.box.height;

/** The largest of `faces` (by box area), if any. */
export const largestFace = (faces: readonly DetectedFace[]): DetectedFace | undefined =>
  faces.reduce<DetectedFace | undefined>((best, f) => (!best || area(f) > area(best) ? f : best), undefined);

/**
 * Limits of the pose the swap handles, measured in the face's own frame (the line through the
 * eye centres is its x axis). Calibrated on the faces of `@vladmandic/face-api`'s demo photos,
 * upright and rotated: upright faces from frontal to three-quarters keep the nose at 0.26–0.83
 * of the jaw's width (the near-profile woman on the left of sample2 is at 0.09), the nose tip
 * 0.25–0.57 of the way from the eyes to the chin, and lean up to 44°.
 * - Yaw: in profile the nose reaches the jaw line and one half of the landmark mesh folds to
 *   nothing, so the warp smears the source over the cheek.
 * - Roll: past about 60° face-api's landmarks stop following the face (on photos turned 90° they
 *   land off it), and the swap would paste a face at the wrong place.
 * - Pitch: a nose tip at the eye line or below the mouth means the landmarks are not a face seen
 *   from the front (a head tipped far back or down, or a failed fit).
 */
const YAW_BAND = [0.15, 0.85] as const;
const MAX_ROLL_DEG = 60;
const PITCH_BAND = [0.15, 0.75] as const;

const meanOf = (points: readonly Point[]): Point => ({ x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length });

/** The face's roll (degrees, 0 = eyes level), yaw (nose between the jaw ends, 0.5 = frontal) and pitch (nose tip from the eye line towards the chin). */
export function facePose(face: DetectedFace): { roll: number; yaw: number; pitch: number } {
  const l = face.landmarks;
  const leftEye = meanOf(l.slice(36, 42));
  const rightEye = meanOf(l.slice(42, 48));
  const angle = Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // Coordinates along the eye line (u) and across it (v, towards the chin).
  const u = (p: Point) => p.x * cos + p.y * sin;
  const v = (p: Point) => -p.x * sin + p.y * cos;
  const eyes = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const [jawL, jawR, chin, nose] = [l[0]!, l[16]!, l[8]!, l[30]!];
  const span = u(jawR) - u(jawL);
  const depth = v(chin) - v(eyes);
  return {
    roll: (angle * 180) / Math.PI,
    yaw: span > 0 ? (u(nose) - u(jawL)) / span : NaN,
    pitch: depth > 0 ? (v(nose) - v(eyes)) / depth : NaN,
  };
}

/** True when the swap can handle the face's pose (see YAW_BAND and the limits above it). */
export function isSwappablePose(face: DetectedFace): boolean {
  const { roll, yaw, pitch } = facePose(face);
  return Math.abs(roll) <= MAX_ROLL_DEG && yaw >= YAW_BAND[0] && yaw <= YAW_BAND[1] && pitch >= PITCH_BAND[0] && pitch <= PITCH_BAND[1];
}

/**
 * Puts the largest face of `source` onto every face of `target` (score ≥ 0.5) in a pose it handles. The result has
 * the target's (EXIF-rotated) size; it is JPEG when the target is an opaque JPEG, else PNG
 * (keeping the target's alpha).
 *
 * Target faces whose pose the warp cannot handle are left unchanged.
 *
 * @throws AppError NO_FACE_FOUND when the source has no face, NO_FACES_IN_IMAGE when the target has none,
 *   INVALID_FACE_POSE when the source face, or every target face, is posed beyond {@link isSwappablePose}.
 */
export async function faceSwap(target: Buffer, source: Buffer, progress: EngineProgress): Promise<EngineImage> {
  progress(0, 'detecting');
  const src = await decode(source, MAX_SOURCE_SIDE);
  const sourceFace = largestFace(await detect(src.pixels));
  if (!sourceFace) throw new AppError('NO_FACE_FOUND');
  if (!isSwappablePose(sourceFace)) throw new AppError('INVALID_FACE_POSE');
  progress(0.25, 'detecting');

  const dst = await decode(target);
  const found = await detect(dst.pixels);
  if (found.length === 0) throw new AppError('NO_FACES_IN_IMAGE');
  // Faces the warp cannot handle (in profile, lying sideways) are left as they are; with none
  // left there is nothing the swap can do.
  const targetFaces = found.filter(isSwappablePose);
  if (targetFaces.length === 0) throw new AppError('INVALID_FACE_POSE');

  const canvas = dst.pixels;
  const perFace = 0.45 / targetFaces.length;
  for (const [i, face] of targetFaces.entries()) {
    await swapOne(canvas, face, src.pixels, sourceFace, (stage) => progress(0.5 + perFace * (i + (stage === 'warping' ? 0 : 0.5)), stage));
  }

  progress(0.95, 'encoding');
  const { width, height } = canvas;
  const image = sharp(canvas.data, { raw: { width, height, channels: 4 } });
  const jpeg = dst.format === 'jpeg' && !dst.hasAlpha;
  const data = jpeg
    ? await image.removeAlpha().jpeg({ quality: JPEG_QUALITY }).toBuffer()
    : await (dst.hasAlpha ? image : image.removeAlpha()).png().toBuffer();
  progress(1, 'done');
  return { data, contentType: jpeg ? 'image/jpeg' : 'image/png', width, height };
}

/**
 * The part of a face photo the swap samples: the face's landmarks (plus the bilinear sampler's
 * pixel) cropped out, the landmarks and box moved with it, so a thread receives a few kB, not the photo.
 */
export function cropToFace(photo: Rgba, face: DetectedFace): { pixels: Rgba; face: DetectedFace } {
  const b = boundsOf(face.landmarks);
  const x0 = Math.max(0, Math.floor(b.minX) - 2);
  const y0 = Math.max(0, Math.floor(b.minY) - 2);
  const x1 = Math.min(photo.width, Math.ceil(b.maxX) + 2);
  const y1 = Math.min(photo.height, Math.ceil(b.maxY) + 2);
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) photo.data.copy(data, y * width * 4, ((y + y0) * photo.width + x0) * 4, ((y + y0) * photo.width + x0 + width) * 4);
  return {
    pixels: { data, width, height },
    face: {
      score: face.score,
      box: { ...face.box, x: face.box.x - x0, y: face.box.y - y0 },
      landmarks: face.landmarks.map((p) => ({ x: p.x - x0, y: p.y - y0 })),
    },
  };
}

/**
 * The engine-pool tool behind video face swap: `source`'s face put onto `faces[i]` of frame i of
 * `frames`, packed-RGB frames of `width`×`height` laid end to end; answers the frames in the same
 * layout (frames without faces unchanged).
 */
export async function swapFrameFaces(
  frames: Buffer,
  format: { width: number; height: number },
  faces: readonly (readonly DetectedFace[])[],
  source: Rgba,
  sourceFace: DetectedFace,
  progress: EngineProgress,
): Promise<Buffer> {
  const frameBytes = format.width * format.height * 3;
  if (frames.length !== faces.length * frameBytes) throw new Error(`swapFaces: expected ${faces.length} frames of ${frameBytes} bytes, got ${frames.length} bytes`);
  const out = Buffer.from(frames);
  for (const [i, targets] of faces.entries()) {
    if (targets.length === 0) continue;
    const frame = out.subarray(i * frameBytes, (i + 1) * frameBytes);
    const canvas = rgbToRgba(frame, format.width, format.height);
    for (const target of targets) await swapOne(canvas, target, source, sourceFace, () => {});
    rgbaToRgb(canvas, frame);
    progress((i + 1) / faces.length, 'swapping');
  }
  return out;
}
