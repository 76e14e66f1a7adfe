import { ASPECT_RATIOS, uncropLayout } from '@tessera/shared/generation';
import { describe, expect, it } from 'vitest';
import { centreOf, fitInside, nearestAspectRatio, roundRect, sizeForAspect, uncropFromExpand } from './canvasMath.ts';

describe('nearestAspectRatio (prompt into a frame)', () => {
  it('picks the text-to-image shape closest to the frame', () => {
    expect(nearestAspectRatio(512, 512)).toBe('1:1');
    expect(nearestAspectRatio(1920, 1080)).toBe('16:9');
    expect(nearestAspectRatio(1080, 1920)).toBe('9:16');
    expect(nearestAspectRatio(800, 600)).toBe('4:3');
    expect(nearestAspectRatio(600, 800)).toBe('3:4');
    // Far wider than any shape: the widest one.
    expect(nearestAspectRatio(4000, 300)).toBe('16:9');
  });

  it('treats wide and tall alike (distance on the log of the ratio)', () => {
    // 1.15 is nearer 1:1 (log 0.14) than 4:3 (log 0.148 away).
    expect(nearestAspectRatio(115, 100)).toBe('1:1');
    expect(nearestAspectRatio(100, 115)).toBe('1:1');
  });

  it('falls back to square for an empty box', () => {
    expect(nearestAspectRatio(0, 100)).toBe('1:1');
  });
});

describe('fitInside (where a frame prompt lands)', () => {
  it('fills the frame when the shapes match', () => {
    expect(fitInside({ x: 10, y: 20, width: 1344, height: 768 }, '16:9')).toEqual({ x: 10, y: 20, width: 1344, height: 768 });
  });

  it('centres a box of the aspect inside the frame, never outside it', () => {
    const frame = { x: 0, y: 0, width: 1000, height: 600 };
    const box = fitInside(frame, '1:1');
    expect(box).toEqual({ x: 200, y: 0, width: 600, height: 600 });
    const tall = fitInside({ x: 0, y: 0, width: 300, height: 1000 }, '9:16');
    expect(tall.width).toBe(300);
    expect(tall.height).toBeLessThanOrEqual(1000);
    expect(tall.y).toBeGreaterThanOrEqual(0);
    expect(tall.y + tall.height).toBeLessThanOrEqual(1000);
  });
});

describe('uncropFromExpand (the expand tool runs uncrop)', () => {
  const image = { x: 100, y: 100, width: 400, height: 400 };

  it('turns a sideways drag into a wide shape and places the result centred on the original', () => {
    const req = uncropFromExpand(image, { left: 150, top: 0, right: 150, bottom: 0 });
    expect(req.aspectRatio).toBe('16:9');
    // 700 wanted vs 16:9 box that holds a 400×400 image (711 wide): only reshaping.
    expect(req.zoomOut).toBe(1);
    expect(centreOf(req.placement)).toEqual(centreOf(image));
    // The placement has the result's own shape, so the original's content stays in place.
    expect(req.placement.width / req.placement.height).toBeCloseTo(ASPECT_RATIOS['16:9'][0] / ASPECT_RATIOS['16:9'][1], 5);
  });

  it('asks for zoom-out when the box grows on every side, within the 1–2 range', () => {
    const req = uncropFromExpand(image, { left: 100, top: 100, right: 100, bottom: 100 });
    expect(req.aspectRatio).toBe('1:1');
    expect(req.zoomOut).toBe(1.5);
    expect(req.placement).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    expect(uncropFromExpand(image, { left: 900, top: 900, right: 900, bottom: 900 }).zoomOut).toBe(2);
  });

  it('agrees with the server’s uncrop layout on where the original sits', () => {
    const req = uncropFromExpand(image, { left: 0, top: 0, right: 300, bottom: 0 });
    const layout = uncropLayout(image.width, image.height, req.aspectRatio, req.zoomOut);
    const scale = req.placement.width / layout.width;
    // The original's box inside the result, mapped back to the canvas, is where the image was.
    expect(req.placement.x + layout.inner.left * scale).toBeCloseTo(image.x, 0);
    expect(req.placement.y + layout.inner.top * scale).toBeCloseTo(image.y, 0);
  });

  it('ignores inward drags', () => {
    const req = uncropFromExpand(image, { left: -50, top: 0, right: 0, bottom: 0 });
    expect(req.aspectRatio).toBe('1:1');
    expect(req.zoomOut).toBe(1);
  });
});

describe('small helpers', () => {
  it('sizes a free result 512 wide at its aspect', () => {
    expect(sizeForAspect('16:9')).toEqual({ width: 512, height: 293 });
    expect(sizeForAspect('9:16')).toEqual({ width: 512, height: 896 });
  });

  it('rounds a placement to whole units, never to zero size', () => {
    expect(roundRect({ x: 1.4, y: 2.6, width: 0.2, height: 10.5 })).toEqual({ x: 1, y: 3, width: 1, height: 11 });
  });
});
