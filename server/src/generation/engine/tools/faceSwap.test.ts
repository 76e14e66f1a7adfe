import { readFileSync } from 'node:fs';
import { AppError } from '@tessera/shared/errors';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { cropToFace, type DetectedFace, delaunay, detectFaces, faceSwap, type Point, type Rgba, rgbaToRgb, rgbToRgba, swapFrameFaces, swapOne } from './faceSwap.ts';

// Real group photos shipped with face-api, downscaled to keep the WASM detector quick.
const photo = (n: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> =>
  sharp(readFileSync(packageFile('@vladmandic/face-api', `demo/sample${n}.jpg`)))
    .resize(640, 640, { fit: 'inside' })
    .toFormat(format)
    .toBuffer();

// A face-free picture: sky, sun and hills.
const landscape = (): Promise<Buffer> =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#bee3f8"/></linearGradient></defs>
      <rect width="480" height="320" fill="url(#sky)"/>
      <circle cx="380" cy="70" r="30" fill="#f6e05e"/>
      <path d="M0 220 Q120 150 240 210 T480 190 V320 H0 Z" fill="#2f855a"/>
      <path d="M0 260 Q160 220 300 260 T480 250 V320 H0 Z" fill="#276749"/>
    </svg>`),
  )
    .jpeg()
    .toBuffer();

const raw = async (image: Buffer) => sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });

async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).catalogueCode).toBe(code);
  expect((err as AppError).wireCode).toBe('BAD_REQUEST');
}

describe('faceSwap', () => {
  let source: Buffer;
  let target: Buffer;
  let targetFaces: DetectedFace[];

  beforeAll(async () => {
    source = await photo(1);
    target = await photo(6);
    targetFaces = await detectFaces(target);
  }, 60_000);

  it('finds the faces in the sample photos', () => {
    expect(targetFaces).toHaveLength(4);
    for (const f of targetFaces) expect(f.landmarks).toHaveLength(68);
  });

  it('replaces every face of the target and leaves the rest of the picture alone', async () => {
    const stages: string[] = [];
    const fractions: number[] = [];
    const out = await faceSwap(target, source, (fraction, stage) => {
      fractions.push(fraction);
      stages.push(stage);
    });

    const meta = await sharp(target).metadata();
    const outMeta = await sharp(out.data).metadata();
    expect(out.contentType).toBe('image/jpeg');
    expect(outMeta.format).toBe('jpeg');
    expect([out.width, out.height]).toEqual([meta.width, meta.height]);
    expect([outMeta.width, outMeta.height]).toEqual([meta.width, meta.height]);

    expect(new Set(stages)).toEqual(new Set(['detecting', 'warping', 'blending', 'encoding', 'done']));
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);

    const before = await raw(target);
    const after = await raw(out.data);
    const { width, height } = before.info;
    const diff = (x: number, y: number): number => {
      const i = (y * width + x) * 3;
      return (Math.abs(before.data[i]! - after.data[i]!) + Math.abs(before.data[i + 1]! - after.data[i + 1]!) + Math.abs(before.data[i + 2]! - after.data[i + 2]!)) / 3;
    };

    // The middle of every face (eyes, nose, mouth) now comes from the source photo.
    for (const { box } of targetFaces) {
      let sum = 0;
      let n = 0;
      for (let y = Math.round(box.y + box.height * 0.3); y < box.y + box.height * 0.8; y++) {
        for (let x = Math.round(box.x + box.width * 0.25); x < box.x + box.width * 0.75; x++) {
          sum += diff(x, y);
          n++;
        }
      }
      expect(sum / n).toBeGreaterThan(10);
    }

    // Away from the faces only JPEG re-encoding noise remains.
    const nearFace = (x: number, y: number): boolean =>
      targetFaces.some(({ box }) => x > box.x - box.width * 0.5 && x < box.x + box.width * 1.5 && y > box.y - box.height * 0.5 && y < box.y + box.height * 1.5);
    let far = 0;
    let farSum = 0;
    let farChanged = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (nearFace(x, y)) continue;
        const d = diff(x, y);
        far++;
        farSum += d;
        if (d > 10) farChanged++;
      }
    }
    expect(far).toBeGreaterThan((width * height) / 2);
    expect(farSum / far).toBeLessThan(2);
    expect(farChanged / far).toBeLessThan(0.005);

    // The result still reads as faces, where the target's faces were.
    const swapped = await detectFaces(out.data);
    for (const { box } of targetFaces) {
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      expect(swapped.some((f) => Math.abs(f.box.x + f.box.width / 2 - cx) < box.width / 3 && Math.abs(f.box.y + f.box.height / 2 - cy) < box.height / 3)).toBe(true);
    }
  }, 60_000);

  it('keeps a transparent PNG target transparent', async () => {
    const png = await sharp(await photo(1, 'png')).ensureAlpha(0.8).png().toBuffer();
    const out = await faceSwap(png, await photo(3), () => {});
    const meta = await sharp(out.data).metadata();
    expect(out.contentType).toBe('image/png');
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(Math.round(0.8 * 255));
  }, 60_000);

  it('fails with NO_FACE_FOUND when the face photo has no face', async () => {
    await expectAppError(faceSwap(target, await landscape(), () => {}), 'NO_FACE_FOUND');
  }, 60_000);

  it('fails with NO_FACES_IN_IMAGE when the target has no face', async () => {
    await expectAppError(faceSwap(await landscape(), source, () => {}), 'NO_FACES_IN_IMAGE');
  }, 60_000);
});

describe('delaunay', () => {
  const area = (a: Point, b: Point, c: Point): number => Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;

  function hullArea(points: readonly Point[]): number {
    const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
    const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    const half = (list: Point[]): Point[] => {
      const h: Point[] = [];
      for (const q of list) {
        while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 0) h.pop();
        h.push(q);
      }
      return h.slice(0, -1);
    };
    const hull = [...half(p), ...half([...p].reverse())];
    let a = 0;
    for (let i = 0; i < hull.length; i++) {
      const u = hull[i]!;
      const v = hull[(i + 1) % hull.length]!;
      a += u.x * v.y - v.x * u.y;
    }
    return Math.abs(a) / 2;
  }

  it('tiles the convex hull of real landmarks with triangles whose circumcircles are empty', async () => {
    const [face] = await detectFaces(await photo(2));
    const points = face!.landmarks;
    const triangles = delaunay(points);

    const covered = triangles.reduce((sum, [a, b, c]) => sum + area(points[a]!, points[b]!, points[c]!), 0);
    expect(covered).toBeCloseTo(hullArea(points), 3);

    for (const [a, b, c] of triangles) {
      const A = points[a]!;
      const B = points[b]!;
      const C = points[c]!;
      const d = 2 * (A.x * (B.y - C.y) + B.x * (C.y - A.y) + C.x * (A.y - B.y));
      const ux = ((A.x ** 2 + A.y ** 2) * (B.y - C.y) + (B.x ** 2 + B.y ** 2) * (C.y - A.y) + (C.x ** 2 + C.y ** 2) * (A.y - B.y)) / d;
      const uy = ((A.x ** 2 + A.y ** 2) * (C.x - B.x) + (B.x ** 2 + B.y ** 2) * (A.x - C.x) + (C.x ** 2 + C.y ** 2) * (B.x - A.x)) / d;
      const r = Math.hypot(A.x - ux, A.y - uy);
      for (const [i, p] of points.entries()) {
        if (i === a || i === b || i === c) continue;
        expect(Math.hypot(p.x - ux, p.y - uy)).toBeGreaterThan(r - 1e-6 * r);
      }
    }
  }, 60_000);

  it('survives coincident points', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ];
    const triangles = delaunay(points);
    expect(triangles).toHaveLength(4);
    expect(triangles.reduce((sum, [a, b, c]) => sum + area(points[a]!, points[b]!, points[c]!), 0)).toBeCloseTo(100, 9);
  });
});

describe('video frame swap (the swapFaces tool)', () => {
  /** 68 landmarks spread over an oval at (cx, cy), like a face's outline and features. */
  const oval = (cx: number, cy: number, r: number): DetectedFace => {
    const landmarks = Array.from({ length: 68 }, (_, i) => {
      const ring = 1 - Math.floor(i / 17) * 0.22;
      const a = (i % 17) * ((2 * Math.PI) / 17) + Math.floor(i / 17) * 0.3;
      return { x: cx + Math.cos(a) * r * ring, y: cy + Math.sin(a) * r * 1.2 * ring };
    });
    return { score: 0.9, box: { x: cx - r, y: cy - 1.2 * r, width: 2 * r, height: 2.4 * r }, landmarks };
  };
  const noise = (width: number, height: number, seed: number): Rgba => {
    const data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : (i * 7919 + seed * 104729) % 251;
    return { data, width, height };
  };

  it('swaps each frame as the image swap does, from only the cropped face', async () => {
    const [width, height] = [96, 80];
    const photo = noise(200, 160, 1);
    const photoFace = oval(120, 70, 30);
    const frames = [noise(width, height, 2), noise(width, height, 3)];
    const faces = [[oval(40, 40, 18)], []];
    const rgb = Buffer.concat(frames.map((f) => {
      const out = Buffer.alloc(width * height * 3);
      rgbaToRgb(f, out);
      return out;
    }));

    const crop = cropToFace(photo, photoFace);
    expect(crop.pixels.width * crop.pixels.height).toBeLessThan((photo.width * photo.height) / 2);
    const swapped = await swapFrameFaces(rgb, { width, height }, faces, crop.pixels, crop.face, () => {});

    // frame 0: what swapOne makes with the whole photo; frame 1 (no face): untouched
    const expected = rgbToRgba(rgb.subarray(0, width * height * 3), width, height);
    await swapOne(expected, faces[0]![0]!, photo, photoFace, () => {});
    const expectedRgb = Buffer.alloc(width * height * 3);
    rgbaToRgb(expected, expectedRgb);
    expect(swapped.subarray(0, width * height * 3).equals(expectedRgb)).toBe(true);
    expect(swapped.subarray(0, width * height * 3).equals(rgb.subarray(0, width * height * 3))).toBe(false);
    expect(swapped.subarray(width * height * 3).equals(rgb.subarray(width * height * 3))).toBe(true);
  });
});
