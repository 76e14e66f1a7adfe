import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MaskPainter } from './MaskPainter.ts';

async function decode(blob: Blob) {
  const { data, info } = await sharp(Buffer.from(await blob.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => data[(y * info.width + x) * info.channels] };
}

describe('MaskPainter export', () => {
  it('exports a PNG of exactly the image size, white where the brush went and black elsewhere', async () => {
    const painter = new MaskPainter(301, 157, { brushSize: 20 });
    painter.pointDown({ x: 40, y: 60 });
    painter.pointMove({ x: 120, y: 60 });
    painter.pointUp();

    const blob = await painter.exportPng();
    expect(blob.type).toBe('image/png');
    const mask = await decode(blob);
    expect(mask.info).toMatchObject({ width: 301, height: 157, format: 'raw' });
    expect(mask.at(80, 60)).toBe(255); // on the stroke
    expect(mask.at(40, 69)).toBe(255); // within the brush radius of its start
    expect(mask.at(80, 75)).toBe(0); // beyond the radius
    expect(mask.at(300, 156)).toBe(0);
    expect(mask.at(0, 0)).toBe(0);
  });

  it('keeps the image size for large images even though the screen canvas is smaller', async () => {
    const painter = new MaskPainter(2400, 1800);
    painter.handleKey('Enter'); // a dab at the cursor, which starts at the centre
    const mask = await decode(await painter.exportPng());
    expect([mask.info.width, mask.info.height]).toEqual([2400, 1800]);
    expect(mask.at(1200, 900)).toBe(255);
    expect(mask.at(10, 10)).toBe(0);
  });

  it('paints with the keyboard, undoes one stroke at a time and clears undoably', async () => {
    const painter = new MaskPainter(200, 100, { brushSize: 10 });
    painter.handleKey(' '); // brush down at (100, 50)
    for (let i = 0; i < 8; i++) painter.handleKey('ArrowRight');
    expect(painter.getSnapshot().state).toBe('painting');
    painter.handleKey(' '); // lift
    expect(painter.getSnapshot()).toMatchObject({ state: 'idle', strokeCount: 1, canUndo: true });
    let mask = await decode(await painter.exportPng());
    expect(mask.at(110, 50)).toBe(255);

    painter.clear();
    expect(painter.rasterize().every((v) => v === 0)).toBe(true);
    painter.undo(); // brings the stroke back
    expect(painter.getSnapshot().strokeCount).toBe(1);
    painter.handleKey('z', { ctrl: true });
    mask = await decode(await painter.exportPng());
    expect(mask.at(110, 50)).toBe(0);
    expect(painter.getSnapshot().canUndo).toBe(false);
  });

  it('keeps the brush within its limits', () => {
    const painter = new MaskPainter(1000, 500);
    painter.setBrushSize(1);
    expect(painter.getSnapshot().brushSize).toBe(painter.minBrush);
    painter.setBrushSize(10_000);
    expect(painter.getSnapshot().brushSize).toBe(painter.maxBrush);
  });
});
