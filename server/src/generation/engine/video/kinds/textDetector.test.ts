import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../../tf.ts';
import { rawRgb } from '../../effects/photoEffects.ts';
import { type Box, detSize, PpOcrTextDetector, unionOverTime } from './textDetector.ts';

const W = 320;
const H = 240;
const BACKDROP = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#c08552"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`;
/** White, black-edged, bold: spans x 13–306, y 197–220. */
const CAPTION = `<text x="160" y="214" font-family="DejaVu Sans, sans-serif" font-size="20" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-width="1.5" text-anchor="middle">Where are we going now?</text>`;
/** Two lines of plain yellow text at the top: x 67–253, y 22–38 and x 79–241, y 42–58. */
const TOP_CAPTION = `<g font-family="DejaVu Sans, sans-serif" font-size="16" fill="#ffe000" text-anchor="middle"><text x="160" y="34">Two lines of yellow text</text><text x="160" y="54">one under the other</text></g>`;

const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`);
const frame = (body: string) => rawRgb(sharp(svg(body)));
/** A face-api demo photo (group shots: hair, faces, patterned clothes, sofas, a phone) cropped to the frame, captions optionally drawn over it. */
const photo = (sample: number, body = '') => rawRgb(sharp(packageFile('@vladmandic/face-api', `demo/sample${sample}.jpg`)).resize(W, H, { fit: 'cover' }).composite([{ input: svg(body) }]));

/** `box` covers the text spanning x0–x1, y0–y1, give or take `slack` pixels each side. */
function expectAround(box: Box | undefined, [x0, x1, y0, y1]: [number, number, number, number], slack = 8) {
  expect(box).toBeDefined();
  const b = box!;
  for (const [found, want] of [[b.x, x0], [b.x + b.width, x1], [b.y, y0], [b.y + b.height, y1]] as const) expect(Math.abs(found - want), JSON.stringify(b)).toBeLessThanOrEqual(slack);
}

describe('detSize', () => {
  it('scales the long side to 640 and pads both sides to multiples of 32', () => {
    expect(detSize(320, 80)).toEqual({ scaled: { width: 640, height: 160 }, padded: { width: 640, height: 160 } });
    expect(detSize(1920, 360)).toEqual({ scaled: { width: 640, height: 120 }, padded: { width: 640, height: 128 } });
    expect(detSize(1080, 1920)).toEqual({ scaled: { width: 360, height: 640 }, padded: { width: 384, height: 640 } });
  });
});

describe('PpOcrTextDetector (PP-OCRv4 detection, inline)', () => {
  const detector = new PpOcrTextDetector();
  const timed = async (what: string, run: () => Promise<Box[]>) => {
    const started = performance.now();
    const boxes = await run();
    console.info(`text detection, ${what}: ${(performance.now() - started).toFixed(0)} ms`);
    return boxes;
  };

  it('finds a white subtitle line at the bottom tightly, and the same line searching the whole frame', async () => {
    const captioned = await frame(BACKDROP + CAPTION);
    // the first call loads the model
    const bottom = await timed('first call (model load), bottom third', () => detector.detect(captioned, 'bottom'));
    expect(bottom).toHaveLength(1);
    expectAround(bottom[0], [13, 306, 197, 220]);
    const auto = await timed('whole 320×240 frame', () => detector.detect(captioned, 'auto'));
    expect(auto).toHaveLength(1);
    expectAround(auto[0], [13, 306, 197, 220]);
    expect(await timed('top third', () => detector.detect(captioned, 'top'))).toEqual([]);
  }, 120_000);

  it('finds captions over a busy photo, each line in its own region', async () => {
    const captioned = await photo(4, CAPTION + TOP_CAPTION);
    const bottom = await detector.detect(captioned, 'bottom');
    expect(bottom).toHaveLength(1);
    expectAround(bottom[0], [13, 306, 197, 220]);
    const top = await detector.detect(captioned, 'top');
    expect(top).toHaveLength(2);
    expectAround(top[0], [67, 253, 22, 38]);
    expectAround(top[1], [79, 241, 42, 58]);
  }, 120_000);

  it('finds nothing on a plain frame or in photos without captions', async () => {
    expect(await detector.detect(await frame(BACKDROP), 'auto')).toEqual([]);
    for (const sample of [2, 3, 4, 5, 6]) expect(await detector.detect(await photo(sample), 'auto'), `sample${sample}`).toEqual([]);
    // sample1: the model reads the emblem on a uniform's round patch (x 262–274, y 115–126) as a
    // glyph, so searching the whole frame finds that, and only that; a subtitle band finds nothing
    const badge = await photo(1);
    const boxes = await detector.detect(badge, 'auto');
    expect(boxes).toHaveLength(1);
    expectAround(boxes[0], [262, 274, 115, 126], 4);
    expect(await detector.detect(badge, 'bottom')).toEqual([]);
  }, 120_000);
});

describe('unionOverTime', () => {
  const a: Box = { x: 40, y: 200, width: 200, height: 20 };
  const a2: Box = { x: 60, y: 202, width: 220, height: 18 };
  const b: Box = { x: 40, y: 20, width: 120, height: 20 };

  it('unites a caption seen on consecutive samples, padded by one interval each side', () => {
    const tracks = unionOverTime(
      [
        { t: 0.5, boxes: [] },
        { t: 1, boxes: [a] },
        { t: 1.5, boxes: [a2] },
        { t: 2, boxes: [a, b] },
        { t: 2.5, boxes: [] },
      ],
      0.5,
      3,
    );
    expect(tracks).toEqual([
      { box: { x: 40, y: 200, width: 240, height: 20 }, start: 0.5, end: 2.5 },
      { box: b, start: 1.5, end: 2.5 },
    ]);
  });

  it('splits a caption that went away and came back, and clamps to the clip', () => {
    const tracks = unionOverTime(
      [
        { t: 0, boxes: [a] },
        { t: 0.5, boxes: [] },
        { t: 1, boxes: [] },
        { t: 1.5, boxes: [a] },
      ],
      0.5,
      1.8,
    );
    expect(tracks).toEqual([
      { box: a, start: 0, end: 0.5 },
      { box: a, start: 1, end: 1.8 },
    ]);
  });
});
