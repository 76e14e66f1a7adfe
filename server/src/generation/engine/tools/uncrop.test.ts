import { readFile } from 'node:fs/promises';
import { type AspectRatio, uncropLayout } from '@tessera/shared/generation';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../tf.ts';
import { uncrop } from './uncrop.ts';

const noProgress = () => {};

async function raw(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A bright, smooth test card: a gradient with a darker disc, all channels ≥ 60. */
async function testCard(width: number, height: number): Promise<Buffer> {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const disc = Math.hypot(x - width * 0.3, y - height * 0.5) < height * 0.25 ? -50 : 0;
      data[i] = 120 + Math.round((x / width) * 100) + disc;
      data[i + 1] = 180 - Math.round((y / height) * 80) + disc;
      data[i + 2] = 200 + disc;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

describe('uncrop', () => {
  it('produces exactly the layout size, keeps the original pixels in place and fills the border with no holes', async () => {
    const input = await testCard(200, 150);
    const before = await raw(input);
    for (const [aspectRatio, zoomOut] of [['16:9', 1.25], ['9:16', 1], ['1:1', 2]] as [AspectRatio, number][]) {
      const layout = uncropLayout(200, 150, aspectRatio, zoomOut);
      const result = await uncrop(input, { aspectRatio, zoomOut }, noProgress);
      expect([result.width, result.height]).toEqual([layout.width, layout.height]);
      const out = await raw(result.data);
      expect([out.width, out.height]).toEqual([layout.width, layout.height]);
      expect(out.channels).toBe(3); // opaque: nothing transparent

      const { inner } = layout;
      let innerMismatch = 0;
      let borderMin = 255;
      const borderValues: number[] = [];
      for (let y = 0; y < out.height; y++) {
        for (let x = 0; x < out.width; x++) {
          const o = (y * out.width + x) * 3;
          const inside = x >= inner.left && x < inner.left + inner.width && y >= inner.top && y < inner.top + inner.height;
          if (inside) {
            const b = ((y - inner.top) * before.width + (x - inner.left)) * 3;
            for (let c = 0; c < 3; c++) if (out.data[o + c] !== before.data[b + c]) innerMismatch++;
          } else {
            borderMin = Math.min(borderMin, out.data[o]!, out.data[o + 1]!, out.data[o + 2]!);
            borderValues.push(out.data[o]!);
          }
        }
      }
      expect(innerMismatch).toBe(0);
      expect(borderValues.length).toBe(out.width * out.height - inner.width * inner.height);
      // No black holes (the card never goes below 60 minus a little grain), and not one flat colour.
      expect(borderMin).toBeGreaterThan(35);
      const mean = borderValues.reduce((a, b) => a + b, 0) / borderValues.length;
      const spread = Math.sqrt(borderValues.reduce((a, b) => a + (b - mean) ** 2, 0) / borderValues.length);
      expect(spread).toBeGreaterThan(2);
    }
  });

  it('continues the edge: the column just outside the original matches its edge column', async () => {
    const input = await testCard(200, 150);
    const before = await raw(input);
    const layout = uncropLayout(200, 150, '16:9', 1.2);
    const out = await raw((await uncrop(input, { aspectRatio: '16:9', zoomOut: 1.2 }, noProgress)).data);
    const { inner } = layout;
    let diff = 0;
    for (let y = 0; y < inner.height; y++) {
      const o = ((inner.top + y) * out.width + inner.left - 2) * 3;
      const b = (y * before.width) * 3;
      for (let c = 0; c < 3; c++) diff += Math.abs(out.data[o + c]! - before.data[b + c]!);
    }
    expect(diff / (inner.height * 3)).toBeLessThan(15);
  });

  it('uncrops a real photo deterministically and flattens transparency to an opaque result', async () => {
    const photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample2.jpg'))).resize(160).png().toBuffer();
    const a = await uncrop(photo, { aspectRatio: '4:3', zoomOut: 1.5 }, noProgress);
    const b = await uncrop(photo, { aspectRatio: '4:3', zoomOut: 1.5 }, noProgress);
    expect(a.data.equals(b.data)).toBe(true);

    const rgba = new Uint8Array(64 * 48 * 4).fill(200);
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = i % 8 === 3 ? 0 : 255; // even pixels transparent, odd ones opaque grey
    const transparent = await sharp(rgba, { raw: { width: 64, height: 48, channels: 4 } }).png().toBuffer();
    const result = await raw((await uncrop(transparent, { aspectRatio: '1:1', zoomOut: 1.25 }, noProgress)).data);
    expect(result.channels).toBe(3);
    const { inner } = uncropLayout(64, 48, '1:1', 1.25);
    const at = (x: number, y: number) => [...result.data.subarray(((inner.top + y) * result.width + inner.left + x) * 3, ((inner.top + y) * result.width + inner.left + x) * 3 + 3)];
    expect(at(0, 0)).toEqual([255, 255, 255]); // transparent pixel flattened onto white
    expect(at(1, 0)).toEqual([200, 200, 200]); // opaque pixel kept
  });

  it('scales a very wide image down so the canvas stays within 2048 px, still exactly the layout size', async () => {
    const input = await testCard(1200, 40);
    const layout = uncropLayout(1200, 40, '9:16', 1);
    expect(Math.max(layout.width, layout.height)).toBe(2048);
    const result = await uncrop(input, { aspectRatio: '9:16', zoomOut: 1 }, noProgress);
    expect([result.width, result.height]).toEqual([layout.width, layout.height]);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([layout.width, layout.height]);
  });
});
