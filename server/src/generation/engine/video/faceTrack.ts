/**
 * Faces through a video without running the detector on every frame: face-api (tools/faceSwap.ts)
 * runs on key frames every few frames (a detection costs ~0.3–0.7 s of CPU here, a frame 1/24 s),
 * faces are matched between neighbouring key frames by position, and every frame in between gets
 * the matched faces' boxes and 68 landmarks interpolated linearly, which also smooths the
 * detector's jitter. A face seen on only one side of a gap is kept for the half of the gap nearest it.
 */
import type { DetectedFace, Point, Rgba } from '../tools/faceSwap.ts';

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

/** The key frames of a clip of `frames` frames: every `every`th one and always the last. */
export function keyFrameIndices(frames: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < frames; i += every) out.push(i);
  if (out[out.length - 1] !== frames - 1) out.push(frames - 1);
  return out;
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
