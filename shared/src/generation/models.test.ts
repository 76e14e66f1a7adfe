import { describe, expect, it } from 'vitest';
import { chooseModel, MODEL_CATALOG, modelsForKind, zModelEntry } from './models.ts';

describe('model catalogue', () => {
  it('has valid, unique entries', () => {
    for (const model of MODEL_CATALOG) zModelEntry.parse(model);
    expect(new Set(MODEL_CATALOG.map((m) => m.id)).size).toBe(MODEL_CATALOG.length);
  });

  it('uses the local engine when no hosted provider is configured', () => {
    expect(chooseModel('text_to_image', undefined, new Set()).provider).toBe('local');
    expect(chooseModel('text_to_image', 'fal-flux-schnell', new Set()).provider).toBe('local');
  });

  it('defaults to the first configured hosted model and honours an available pick', () => {
    expect(chooseModel('text_to_image', undefined, new Set(['openai'])).id).toBe('openai-gpt-image-1');
    expect(chooseModel('text_to_image', undefined, new Set(['fal', 'openai'])).id).toBe('fal-flux-schnell');
    expect(chooseModel('text_to_image', 'openai-gpt-image-1', new Set(['fal', 'openai'])).id).toBe('openai-gpt-image-1');
    // A model that does not make the kind is ignored.
    expect(chooseModel('upscale', 'openai-gpt-image-1', new Set(['openai'])).provider).toBe('local');
  });

  it('lists the pickers’ choices per kind, local last', () => {
    expect(modelsForKind('image_to_video', new Set(['fal', 'replicate'])).map((m) => m.id)).toEqual(['fal-kling-video', 'replicate-minimax-video', 'local']);
  });
});
