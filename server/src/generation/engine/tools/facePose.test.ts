/**
 * The poses face swap refuses (INVALID_FACE_POSE), on real photos from `@vladmandic/face-api`'s
 * demo: the group photos' upright faces pass; the near-profile woman on the left of sample2, and
 * faces lying sideways (a photo turned 90°), do not.
 */
import { readFile } from 'node:fs/promises';
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { detectFaces, facePose, faceSwap, isSwappablePose } from './faceSwap.ts';

const demo = (n: number) => readFile(packageFile('@vladmandic/face-api', `demo/sample${n}.jpg`));
const noProgress = () => {};

let profile: Buffer;
let frontal: Buffer;

beforeAll(async () => {
  // The woman on the left of sample2 looks sideways at her friends (her face is at about
  // x 360–515 of the full photo): her friends are painted over so hers is the only face. (The
  // detector misses her on tighter crops.) sample1 is a group of faces towards the camera.
  const sample2 = await demo(2);
  const { width, height } = await sharp(sample2).metadata();
  const cover = { create: { width: width! - 800, height: height!, channels: 3 as const, background: '#777' } };
  const covered = await sharp(sample2).composite([{ input: cover, left: 800, top: 0 }]).jpeg().toBuffer();
  // The detector works on at most 1024 px anyway.
  profile = await sharp(covered).resize(1024).jpeg().toBuffer();
  frontal = await sharp(await demo(1)).resize(480).jpeg().toBuffer();
});

describe('face pose', () => {
  it('accepts the upright faces of a group photo, refuses a face in profile', async () => {
    const faces = await detectFaces(frontal);
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) expect(isSwappablePose(face), JSON.stringify(facePose(face))).toBe(true);

    const [side] = await detectFaces(profile);
    expect(side).toBeDefined();
    expect(facePose(side!).yaw).toBeLessThan(0.15);
    expect(isSwappablePose(side!)).toBe(false);
  }, 30_000);

  it('refuses a face lying sideways', async () => {
    // face-api's landmarks stop following a face turned this far (on a photo turned 90° they land
    // as an upright face off the real one), so the rule is shown on a real face's landmarks turned.
    const [face] = await detectFaces(frontal);
    const c = { x: face!.box.x + face!.box.width / 2, y: face!.box.y + face!.box.height / 2 };
    const turn = (deg: number) => {
      const [cos, sin] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
      return { ...face!, landmarks: face!.landmarks.map((p) => ({ x: c.x + (p.x - c.x) * cos - (p.y - c.y) * sin, y: c.y + (p.x - c.x) * sin + (p.y - c.y) * cos })) };
    };
    expect(isSwappablePose(turn(30))).toBe(true);
    expect(isSwappablePose(turn(-30))).toBe(true);
    expect(isSwappablePose(turn(90))).toBe(false);
    expect(isSwappablePose(turn(-75))).toBe(false);
  }, 30_000);

  it('the swap itself refuses a profile face photo, and a target whose only face is in profile', async () => {
    await expect(faceSwap(frontal, profile, noProgress)).rejects.toEqual(new AppError('INVALID_FACE_POSE'));
    await expect(faceSwap(profile, frontal, noProgress)).rejects.toEqual(new AppError('INVALID_FACE_POSE'));
    expect(new AppError('INVALID_FACE_POSE').message).toBe('The pose of the detected face is invalid.');
  }, 30_000);
});
