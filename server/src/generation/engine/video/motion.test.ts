import { beforeAll, describe, expect, it } from 'vitest';
import { type CV, loadOpenCv, seededRandom, smoothNoise, withMats } from '../opencv.ts';
import { accumulate, centred, frameMotion, meanVelocity, robustSimilarity } from './motion.ts';

const W = 160;
const H = 120;
let cv: CV;

beforeAll(async () => {
  cv = await loadOpenCv();
});

/** A textured grey picture (two octaves of value noise) of `width`×`height`. */
function texture(width: number, height: number, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const coarse = smoothNoise(cv, width, height, 12, random);
  const fine = smoothNoise(cv, width, height, 4, random);
  return Uint8Array.from(coarse, (v, i) => Math.max(0, Math.min(255, Math.round((0.65 * v + 0.35 * fine[i]!) * 255))));
}

/** The `W`×`H` window of a larger picture whose top-left corner is at (x, y). */
function crop(big: Uint8Array, bigWidth: number, x: number, y: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let row = 0; row < H; row++) out.set(big.subarray((y + row) * bigWidth + x, (y + row) * bigWidth + x + W), row * W);
  return out;
}

/** `frame` under a similarity about its centre (OpenCV's rotation matrix: angle in degrees, counter-clockwise). */
function warp(frame: Uint8Array, angleDeg: number, scale: number): Uint8Array {
  return withMats(cv, (keep) => {
    const src = keep(cv.matFromArray(H, W, cv.CV_8UC1, Array.from(frame)));
    const m = keep(cv.getRotationMatrix2D(new cv.Point(W / 2, H / 2), angleDeg, scale));
    const out = keep(new cv.Mat());
    cv.warpAffine(src, out, m, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_REFLECT);
    return Uint8Array.from(out.data);
  });
}

describe('motion between frames', () => {
  it('recovers a known camera shift', () => {
    const big = texture(240, 200, 7);
    // the window moves 3 px right and 2 px up, so the picture moves 3 px left and 2 px down
    const motion = centred(frameMotion(cv, crop(big, 240, 40, 40), crop(big, 240, 43, 38), W, H, 'camera'), W, H);
    expect(motion.dx * W).toBeCloseTo(-3, 1);
    expect(motion.dy * H).toBeCloseTo(2, 1);
    expect(motion.scale).toBeCloseTo(1, 2);
    expect(Math.abs(motion.angle)).toBeLessThan(0.005);
  });

  it('recovers a rotation and a zoom about the centre', () => {
    const frame = crop(texture(240, 200, 11), 240, 40, 40);
    const motion = centred(frameMotion(cv, frame, warp(frame, 3, 1.04), W, H, 'camera'), W, H);
    expect(motion.scale).toBeCloseTo(1.04, 2);
    // OpenCV's positive angle turns the picture counter-clockwise on screen: y points down, so that is a negative angle here
    expect((motion.angle * 180) / Math.PI).toBeCloseTo(-3, 0);
    expect(Math.abs(motion.dx * W)).toBeLessThan(0.5);
    expect(Math.abs(motion.dy * H)).toBeLessThan(0.5);
  });

  it('follows a moving subject in front of a still camera, or the still background when asked for the camera', () => {
    const background = texture(W, H, 3);
    const patch = texture(40, 40, 5);
    const withPatch = (left: number) => {
      const frame = Uint8Array.from(background);
      for (let row = 0; row < 40; row++) frame.set(patch.subarray(row * 40, row * 40 + 40), (40 + row) * W + left);
      return frame;
    };
    const [a, b] = [withPatch(50), withPatch(54)];
    const subject = centred(frameMotion(cv, a, b, W, H, 'subject'), W, H);
    expect(subject.dx * W).toBeCloseTo(4, 0);
    expect(Math.abs(subject.dy * H)).toBeLessThan(0.5);
    const camera = centred(frameMotion(cv, a, b, W, H, 'camera'), W, H);
    expect(Math.abs(camera.dx * W)).toBeLessThan(0.5);
  });

  it('reads no motion in a still picture, and none from a blank one', () => {
    const frame = crop(texture(240, 200, 13), 240, 10, 10);
    expect(Math.abs(centred(frameMotion(cv, frame, frame, W, H, 'subject'), W, H).dx)).toBeLessThan(1e-3);
    const blank = new Uint8Array(W * H).fill(128);
    expect(frameMotion(cv, blank, blank, W, H, 'camera')).toEqual({ a: 1, b: 0, tx: 0, ty: 0 });
  });

  it('ignores points that disagree with the rest', () => {
    const from: number[] = [];
    const to: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [x, y] = [(i * 37) % 150, (i * 53) % 110];
      from.push(x, y);
      // a 2 px shift right, except every fifth point, which jumps wildly
      to.push(x + (i % 5 === 0 ? 25 : 2), y + (i % 5 === 0 ? -18 : 0));
    }
    const fit = robustSimilarity(from, to);
    expect(fit.tx).toBeCloseTo(2, 3);
    expect(fit.ty).toBeCloseTo(0, 3);
    expect(fit.a).toBeCloseTo(1, 4);
  });

  it('accumulates steps into a track and averages them into a velocity', () => {
    const step = { a: 1, b: 0, tx: 2, ty: -1 };
    const track = accumulate([step, step, step]);
    expect(track).toHaveLength(4);
    expect(centred(track[3]!, W, H).dx * W).toBeCloseTo(6, 6);
    const velocity = meanVelocity([step, { a: 1.02, b: 0, tx: 0, ty: 0 }], W, H);
    expect(velocity.dx * W).toBeCloseTo((2 + 0.02 * 80) / 2, 6);
    expect(velocity.scale).toBeCloseTo(Math.sqrt(1.02), 6);
  });
});
