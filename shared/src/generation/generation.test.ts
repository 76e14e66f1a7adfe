import { describe, expect, it } from 'vitest';
import { costOf } from '../credits/costs.ts';
import { GENERATION_KINDS, imageSizeFor, zTextToImageInput } from './generation.ts';

describe('generation catalogue', () => {
  it('names each kind after its public RPC (§7)', () => {
    expect(GENERATION_KINDS.text_to_image.rpcName).toBe('text2Image.create');
  });

  it('validates text-to-image input and fills defaults', () => {
    expect(zTextToImageInput.parse({ prompt: '  a red fox  ' })).toEqual({ prompt: 'a red fox', aspectRatio: '1:1' });
    expect(zTextToImageInput.safeParse({ prompt: '' }).success).toBe(false);
    expect(zTextToImageInput.safeParse({ prompt: 'x', aspectRatio: '2:1' }).success).toBe(false);
  });

  it('maps aspect ratios to sizes of about a megapixel', () => {
    for (const ratio of ['1:1', '16:9', '9:16', '4:3', '3:4'] as const) {
      const { width, height } = imageSizeFor(ratio);
      expect(width * height).toBeGreaterThan(900_000);
      expect(width * height).toBeLessThan(1_200_000);
    }
  });

  it('prices text-to-image from the shared table', () => {
    expect(costOf('text_to_image', zTextToImageInput.parse({ prompt: 'x' }))).toBe(4);
  });
});
