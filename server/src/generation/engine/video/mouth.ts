/**
 * Opens a face's mouth on one frame, for lip sync and AI avatars: a classical stand-in for a
 * talking-head model. From the 68 face landmarks (face-api, see tools/faceSwap.ts) it splits the
 * lips along their inner line, moves the lower lip and chin down by the opening (a lens shape:
 * widest in the middle, nothing at the corners, fading out towards the chin), and fills the gap
 * with a dark mouth cavity. Works on packed RGB or RGBA pixels in place; assumes a roughly upright
 * face (the landmarks' roll is not corrected).
 */
import type { Point } from '../tools/faceSwap.ts';

/** Widest opening (at openness 1), as a fraction of the mouth's width. */
const MAX_OPEN = 0.32;
/** The cavity's colour: a dark, slightly red mouth interior. */
const CAVITY = [52, 18, 22] as const;
const CAVITY_DEEP = [22, 6, 8] as const;

export interface Frame {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA). */
  channels: number;
}

/** Linear interpolation of y along a polyline sorted by x (held flat past its ends). */
function yAt(line: readonly Point[], x: number): number {
  if (x <= line[0]!.x) return line[0]!.y;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    if (x <= b.x) return b.x - a.x < 1e-6 ? b.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
  }
  return line[line.length - 1]!.y;
}

/**
 * The mouth opened by `open` (0–1) on `frame`, whose face has the 68 `landmarks` (iBUG order:
 * outer lips 48–59, inner lips 60–67, chin tip 8).
 */
export function openMouth(frame: Frame, landmarks: readonly Point[], open: number): void {
  if (open <= 0.01 || landmarks.length < 68) return;
  const { data, width, height, channels } = frame;
  const lm = (i: number) => landmarks[i]!;
  const mouthWidth = Math.hypot(lm(54).x - lm(48).x, lm(54).y - lm(48).y);
  const left = lm(60);
  const right = lm(64);
  const cx = (left.x + right.x) / 2;
  const half = Math.max(2, ((right.x - left.x) / 2) * 1.05);
  // The line the lips part along: halfway between the inner upper (61–63) and lower (67–65) lips.
  const mid = [left, ...[61, 62, 63].map((u, k) => ({ x: (lm(u).x + lm(67 - k).x) / 2, y: (lm(u).y + lm(67 - k).y) / 2 })), right].sort((a, b) => a.x - b.x);
  const lipBottom = lm(57).y;
  const fadeEnd = Math.max(lm(8).y, lipBottom + 2);
  // The chin region must be at least twice the opening, so the stretch below stays monotonic.
  const depth = Math.min(open * MAX_OPEN * mouthWidth, (fadeEnd - lipBottom) / 2);
  if (depth < 0.5) return;

  const x0 = Math.max(0, Math.floor(cx - half));
  const x1 = Math.min(width - 1, Math.ceil(cx + half));
  const yTop = Math.max(0, Math.floor(Math.min(...mid.map((p) => p.y))));
  const yBottom = Math.min(height - 1, Math.ceil(fadeEnd));
  if (x1 <= x0 || yBottom <= yTop) return;
  // The rows the warp reads from, copied before they are overwritten.
  const stride = width * channels;
  const source = Buffer.from(data.subarray(yTop * stride, (yBottom + 1) * stride));
  const sample = (x: number, y: number, c: number): number => {
    const fy = Math.min(Math.max(y, yTop), yBottom);
    const r0 = Math.floor(fy);
    const r1 = Math.min(r0 + 1, yBottom);
    const t = fy - r0;
    const a = source[(r0 - yTop) * stride + x * channels + c]!;
    const b = source[(r1 - yTop) * stride + x * channels + c]!;
    return a + (b - a) * t;
  };

  for (let x = x0; x <= x1; x++) {
    const u = (x + 0.5 - cx) / half;
    if (Math.abs(u) >= 1) continue;
    const gap = depth * Math.sqrt(1 - u * u);
    const split = yAt(mid, x + 0.5);
    const lowerTop = split + gap;
    const solidEnd = lipBottom + gap;
    for (let y = Math.max(yTop, Math.floor(split)); y <= yBottom; y++) {
      const py = y + 0.5;
      const o = (y * width + x) * channels;
      // How much of this pixel lies in the cavity (anti-aliased edges).
      const inCavity = Math.min(1, Math.max(0, Math.min(py + 0.5 - split, lowerTop - (py - 0.5))));
      // Where the lower lip and chin pixel comes from: shifted by the full gap down to the lip's
      // bottom, then less and less down to the chin.
      const fall = py <= solidEnd ? 1 : Math.max(0, 1 - (py - solidEnd) / Math.max(1, fadeEnd + gap - solidEnd));
      const from = py - gap * fall - 0.5;
      const depthShade = 1 - Math.abs((py - split) / Math.max(1, gap) - 0.5) * 2; // 1 in the middle
      for (let c = 0; c < 3; c++) {
        const skin = py < split ? data[o + c]! : sample(x, from, c);
        const cavity = CAVITY[c]! + (CAVITY_DEEP[c]! - CAVITY[c]!) * Math.max(0, depthShade);
        data[o + c] = Math.round(cavity * inCavity + skin * (1 - inCavity));
      }
    }
  }
}
