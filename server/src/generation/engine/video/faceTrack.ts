/**
 * Faces through a video without running the detector on every frame: face-api (tools/faceSwap.ts)
 * runs on key frames every few frames (a detection costs ~0.3–0.7 s of CPU here, a frame 1/24 s),
 * faces are matched between neighbouring key frames by position, and every frame in between gets
 * the matched faces' boxes and 68 landmarks interpolated linearly, which also smooths the
 * detector's jitter. A face seen on only one side of a gap is kept for the half of the gap nearest it.
 * The detector runs in the engine pool's threads when the render has one (KeyFrameFaces), a few
 * key frames per call, so the event loop only decodes frames meanwhile.
 */
import type { DetectedFace, Point, RawFormat } from '../tools/faceSwap.ts';
import { runEngineTool } from './layers.ts';
import type { RenderOptions } from './videoKinds.ts';

export interface KeyFaces {
  frame: number;
  faces: DetectedFace[];
}

const centre = (f: DetectedFace): Point => ({ x: f.box.x + f.box.width / 2, y: f.box.y + f.box.height / 2 });

/** The face of `candidates` nearest `face`, if it is within half a face width (the same person). */
function match(face: DetectedFace, candidates: readonly DetectedFace[]): DetectedFace | undefined {
  const c = centre(face);
  let best: DetectedFace | undefined;
  let bestDistance = Infinity;
  for (const other of candidates) {
    const o = centre(other);
    const distance = Math.hypot(o.x - c.x, o.y - c.y);
    if (distance < bestDistance) {
      best = other;
      bestDistance = distance;
    }
  }
  return best && bestDistance <= 0.5 * Math.max(face.box.width, best.box.width) ? best : undefined;
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

function lerpFace(a: DetectedFace, b: DetectedFace, t: number): DetectedFace {
  return {
    score: mix(a.score, b.score, t),
    box: { x: mix(a.box.x, b.box.x, t), y: mix(a.box.y, b.box.y, t), width: mix(a.box.width, b.box.width, t), height: mix(a.box.height, b.box.height, t) },
    landmarks: a.landmarks.map((p, i) => ({ x: mix(p.x, b.landmarks[i]!.x, t), y: mix(p.y, b.landmarks[i]!.y, t) })),
  };
}

/** The faces on `frame`, from key frames sorted by frame. */
export function facesAt(keys: readonly KeyFaces[], frame: number): DetectedFace[] {
  if (keys.length === 0) return [];
  const next = keys.findIndex((k) => k.frame >= frame);
  if (next === -1) return keys[keys.length - 1]!.faces;
  if (next === 0 || keys[next]!.frame === frame) return keys[next]!.faces;
  const a = keys[next - 1]!;
  const b = keys[next]!;
  const t = (frame - a.frame) / (b.frame - a.frame);
  const out: DetectedFace[] = [];
  const used = new Set<DetectedFace>();
  for (const face of a.faces) {
    const other = match(face, b.faces);
    if (other && !used.has(other)) {
      used.add(other);
      out.push(lerpFace(face, other, t));
    } else if (t < 0.5) {
      out.push(face);
    }
  }
  if (t >= 0.5) for (const face of b.faces) if (!used.has(face)) out.push(face);
  return out;
}

/** Key frames sent to the detector per engine call. */
export const DETECT_BATCH = 4;

/**
 * Faces on a clip's key frames as they are decoded: frames are copied into batches of
 * DETECT_BATCH and each batch is detected by the `detectFaces` tool (in the engine pool when
 * `opts.engine` is set) while decoding goes on; at most one batch is in flight, so at most two
 * batches of frames are held.
 */
export class KeyFrameFaces {
  private readonly keys: KeyFaces[] = [];
  private batch: { frame: number; pixels: Buffer }[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly format: RawFormat,
    private readonly opts: RenderOptions,
  ) {}

  /** Queues key frame `frame` (its pixels are copied: decoders reuse their buffer). */
  async add(frame: number, pixels: Uint8Array): Promise<void> {
    this.batch.push({ frame, pixels: Buffer.from(pixels) });
    if (this.batch.length >= DETECT_BATCH) await this.send();
  }

  /** The faces of every key frame added, sorted by frame. */
  async done(): Promise<KeyFaces[]> {
    if (this.batch.length > 0) await this.send();
    await this.pending;
    return this.keys;
  }

  private async send(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    await this.pending;
    this.pending = runEngineTool(this.opts, 'detectFaces', { images: batch.map((b) => b.pixels), raw: this.format }).then((faces) => {
      for (const [i, b] of batch.entries()) this.keys.push({ frame: b.frame, faces: faces[i] ?? [] });
    });
    // Handled when awaited (next batch or done); this only stops an early failure counting as unhandled.
    this.pending.catch(() => {});
  }
}

/** The key frames of a clip of `frames` frames: every `every`th one and always the last. */
export function keyFrameIndices(frames: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < frames; i += every) out.push(i);
  if (out[out.length - 1] !== frames - 1) out.push(frames - 1);
  return out;
}

// The frame conversions live with the face tools (the swap runs in the pool's threads).
export { rgbaToRgb, rgbToRgba } from '../tools/faceSwap.ts';
