import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EnginePool } from '../enginePool.ts';
import { packageFile } from '../tf.ts';
import { runTool } from '../tools.ts';
import type { DetectedFace } from '../tools/faceSwap.ts';
import { DETECT_BATCH, facesAt, KeyFrameFaces, keyFrameIndices, rgbaToRgb, rgbToRgba } from './faceTrack.ts';
import { pingPong } from './kinds/lipSync.ts';

const face = (x: number, y: number, size = 100): DetectedFace => ({
  score: 0.9,
  box: { x, y, width: size, height: size },
  landmarks: Array.from({ length: 68 }, (_, i) => ({ x: x + i, y: y + i })),
});

describe('face tracking between key frames', () => {
  it('detects every n-th frame and always the last', () => {
    expect(keyFrameIndices(25, 12)).toEqual([0, 12, 24]);
    expect(keyFrameIndices(30, 12)).toEqual([0, 12, 24, 29]);
    expect(keyFrameIndices(1, 6)).toEqual([0]);
  });

  it('interpolates the same face between key frames', () => {
    const keys = [
      { frame: 0, faces: [face(100, 100)] },
      { frame: 10, faces: [face(120, 110)] },
    ];
    const mid = facesAt(keys, 5);
    expect(mid).toHaveLength(1);
    expect(mid[0]!.box).toMatchObject({ x: 110, y: 105 });
    expect(mid[0]!.landmarks[30]).toEqual({ x: 140, y: 135 });
    expect(facesAt(keys, 0)[0]!.box.x).toBe(100);
    expect(facesAt(keys, 10)[0]!.box.x).toBe(120);
    // past the last key frame the last faces hold
    expect(facesAt(keys, 14)[0]!.box.x).toBe(120);
  });

  it('keeps a face seen on one side only for the nearer half of the gap', () => {
    const keys = [
      { frame: 0, faces: [face(100, 100)] },
      { frame: 10, faces: [face(600, 100)] },
    ];
    // too far apart to be the same face: the first until mid-gap, then the second
    expect(facesAt(keys, 3).map((f) => f.box.x)).toEqual([100]);
    expect(facesAt(keys, 7).map((f) => f.box.x)).toEqual([600]);
    expect(facesAt([], 3)).toEqual([]);
  });

  it('converts RGB frames to RGBA and back', () => {
    const rgb = Uint8Array.from([1, 2, 3, 4, 5, 6]);
    const rgba = rgbToRgba(rgb, 2, 1);
    expect([...rgba.data]).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
    const back = new Uint8Array(6);
    rgbaToRgb(rgba, back);
    expect([...back]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('plays a short source back and forth', () => {
    expect(Array.from({ length: 9 }, (_, i) => pingPong(i, 4))).toEqual([0, 1, 2, 3, 2, 1, 0, 1, 2]);
    expect(pingPong(7, 1)).toBe(0);
  });
});

describe('key-frame detection in the engine pool', () => {
  const pool = new EnginePool({ threads: 1 });
  afterAll(() => pool.close());

  it('detects batches of key frames in a pool thread and answers plain landmarks', async () => {
    // One woman's head and shoulders (a crop of face-api's demo photo), as a packed RGB frame.
    const size = { width: 240, height: 320 };
    const frame = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg')))
      .extract({ left: 262, top: 214, width: 480, height: 640 })
      .resize(size.width, size.height)
      .removeAlpha()
      .raw()
      .toBuffer();
    const run = vi.spyOn(pool, 'run');
    const detector = new KeyFrameFaces({ ...size, channels: 3 }, { engine: pool });
    const frames = [0, 12, 24, 36, 47];
    for (const index of frames) await detector.add(index, frame);
    const keys = await detector.done();

    // one pool call per batch of DETECT_BATCH frames, all of them detectFaces
    expect(run).toHaveBeenCalledTimes(Math.ceil(frames.length / DETECT_BATCH));
    expect(run.mock.calls.every(([tool]) => tool === 'detectFaces')).toBe(true);
    expect(keys.map((k) => k.frame)).toEqual(frames);
    for (const { faces } of keys) {
      expect(faces).toHaveLength(1);
      const [face] = faces as [DetectedFace];
      expect(face.landmarks).toHaveLength(68);
      expect(face.box.x).toBeGreaterThan(0);
      expect(face.box.x + face.box.width).toBeLessThan(size.width);
      expect(face.box.y + face.box.height).toBeLessThan(size.height);
    }
    // the thread's answer is the detector's own, unchanged by the trip back
    const [inline] = await runTool('detectFaces', { images: [frame], raw: { ...size, channels: 3 } }, () => {});
    expect(keys[0]!.faces).toEqual(inline);
  }, 120_000);
});
