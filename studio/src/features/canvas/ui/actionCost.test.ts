import { describe, expect, it } from 'vitest';
import { actionCost, validateInput } from './actionCost.ts';

describe('actionCost (the price on each canvas action)', () => {
  it('prices from the shared table whatever the prompt or image', () => {
    expect(actionCost('text_to_image', { aspectRatio: '16:9' })).toBe(4);
    expect(actionCost('image_to_image', {})).toBe(4);
    expect(actionCost('background_remover', {})).toBe(2);
  });

  it('follows the settings that change the price', () => {
    expect(actionCost('upscale', { scale: 2, mode: 'quality' })).toBe(3);
    expect(actionCost('upscale', { scale: 4, mode: 'quality' })).toBe(6);
    expect(actionCost('upscale', { scale: 2, mode: 'fast' })).toBe(1);
  });

  it('still prices half-filled forms', () => {
    expect(actionCost('image_to_image', { strength: 99 })).toBe(4);
  });
});

describe('validateInput', () => {
  it('applies the kind’s defaults', () => {
    const result = validateInput('text_to_image', { prompt: '  a red fox  ' });
    expect(result).toEqual({ ok: true, input: { prompt: 'a red fox', aspectRatio: '1:1' } });
  });

  it('says what is wrong', () => {
    expect(validateInput('text_to_image', { prompt: ' ' })).toEqual({ ok: false, message: 'Prompt is required' });
    expect(validateInput('upscale', { image: 'not an image' })).toMatchObject({ ok: false });
  });
});
