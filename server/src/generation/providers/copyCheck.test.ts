import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runToolOn, type ToolRunner } from '../engine/enginePool.ts';
import { packageFile } from '../engine/tf.ts';
import { stylize } from '../engine/tools/stylize.ts';
import { assertNotCopy, changedShare, CopyOfInputError } from './copyCheck.ts';
import { LocalEngineProvider } from './localEngine.ts';

const W = 160;
let photo: Buffer;
let height: number;

/** A mask (white = remove) of the given square. */
const mask = (rect: { left: number; top: number; size: number }) =>
  sharp({ create: { width: W, height, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: rect.size, height: rect.size, channels: 3, background: '#fff' } }, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();

/** The real tools, run inline on this thread. */
const inline: ToolRunner = { run: (tool, args, progress) => runToolOn(undefined, tool, args, progress), close: async () => {} };

beforeAll(async () => {
  photo = await sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg'))).resize(W).png().toBuffer();
  height = (await sharp(photo).metadata()).height!;
});

describe('copy of input check', () => {
  it('sees a re-encoded photo as a copy, and any real edit or a new size as not', async () => {
    const reencoded = await sharp(photo).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(await changedShare(photo, reencoded)).toBeLessThan(1e-4);
    await expect(assertNotCopy('test', photo, reencoded)).rejects.toBeInstanceOf(CopyOfInputError);

    const light = await stylize(photo, { prompt: 'soft', style: 'vivid', strength: 0.2, seed: 1 }, () => {});
    await expect(assertNotCopy('stylize', photo, light.data)).resolves.toBeUndefined();
    const upscaled = await sharp(photo).resize(W * 2).png().toBuffer();
    expect(await changedShare(photo, upscaled)).toBe(1);
  }, 30_000);

  it('the local engine fails an object removal that changed nothing, and keeps a real one', async () => {
    // "Removing" a spot of a flat white margin fills it with the same white: a copy.
    const [PHOTO, MARGIN, SPOT] = ['u/test/photo.png', 'u/test/margin.png', 'u/test/spot.png'] as const;
    const framed = await sharp(photo).extract({ left: 0, top: 0, width: W - 80, height: height - 80 }).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' }).png().toBuffer();
    const files: Record<string, Buffer> = { [PHOTO]: framed, [MARGIN]: await mask({ left: 2, top: 2, size: 6 }), [SPOT]: await mask({ left: 60, top: 50, size: 14 }) };
    const provider = new LocalEngineProvider(inline);
    const ctx = (signal = new AbortController().signal) => ({ reportProgress: () => {}, signal, loadMedia: async (key: string) => files[key]! });
    await expect(provider.run({ id: 't1', kind: 'object_remover', input: { image: PHOTO, mask: MARGIN } }, ctx())).rejects.toBeInstanceOf(CopyOfInputError);
    const [out] = await provider.run({ id: 't2', kind: 'object_remover', input: { image: PHOTO, mask: SPOT } }, ctx());
    expect(out?.mediaType).toBe('image');
  }, 30_000);
});
