import { describe, expect, it } from 'vitest';
import { GENERATION_KINDS, type GenerationKind } from './generation.ts';
import { applyOverrides, checkLimits, chooseModel, HOSTED_KINDS, LOCAL_MODEL, MODEL_CATALOG, modelCost, modelsForKind, STEP_KINDS, zModelEntry } from './models.ts';

const hosted = MODEL_CATALOG.filter((m) => m.provider !== 'local');
const ALL = new Set(['fal', 'replicate', 'openai'] as const);

describe('model catalogue', () => {
  it('has valid, unique entries, the local engine last', () => {
    for (const model of MODEL_CATALOG) zModelEntry.parse(model);
    expect(new Set(MODEL_CATALOG.map((m) => m.id)).size).toBe(MODEL_CATALOG.length);
    expect(MODEL_CATALOG.at(-1)).toBe(LOCAL_MODEL);
  });

  it('gives every creation kind (but the timeline export) a hosted model', () => {
    const missing = HOSTED_KINDS.filter((kind) => !hosted.some((m) => m.kinds.includes(kind)));
    expect(missing).toEqual([]);
  });

  it('gives the most used kinds models from several vendors', () => {
    for (const kind of ['text_to_image', 'image_to_image', 'text_to_video', 'image_to_video', 'upscale'] as const) {
      const vendors = new Set(hosted.filter((m) => m.kinds.includes(kind)).map((m) => m.vendor));
      expect(vendors.size, kind).toBeGreaterThanOrEqual(2);
    }
    // Lip sync on a clip and the avatar (a portrait) are different models.
    const lipSync = hosted.filter((m) => m.kinds.includes('lip_sync'));
    const onVideo = new Set(lipSync.filter((m) => Object.values(m.input).some((s) => 'from' in s && s.from === 'video')).map((m) => m.vendor));
    const onImage = new Set(lipSync.filter((m) => Object.values(m.input).some((s) => 'from' in s && s.from === 'image')).map((m) => m.vendor));
    expect(onVideo.size).toBeGreaterThanOrEqual(2);
    expect(onImage.size).toBeGreaterThanOrEqual(2);
  });

  it('names only known kinds and steps, with coherent limits and prices', () => {
    const known = new Set<string>([...Object.keys(GENERATION_KINDS), ...STEP_KINDS]);
    for (const model of hosted) {
      for (const kind of model.kinds) expect(known.has(kind), `${model.id}: ${kind}`).toBe(true);
      expect(model.source, model.id).toMatch(/^https:\/\/(fal\.ai|replicate\.com|platform\.openai\.com|docs\.fal\.ai)\//);
      expect(Object.keys(model.input).length, model.id).toBeGreaterThan(0);
      const durations = model.limits.durations ?? [];
      expect(new Set(durations).size, model.id).toBe(durations.length);
      for (const [resolution, factor] of Object.entries(model.price?.resolution ?? {})) {
        expect(factor, `${model.id} ${resolution}`).toBeGreaterThan(0);
        if (model.limits.resolutions) expect(model.limits.resolutions, model.id).toContain(resolution);
      }
      for (const kind of model.kinds.filter((k): k is GenerationKind => k in GENERATION_KINDS)) {
        // A video model offers at least one duration its kind's input accepts.
        if (durations.length && kind.startsWith('text_to_video')) expect(durations.some((d) => [5, 8, 10].includes(d)), model.id).toBe(true);
        // A whole price in credits for a typical input, never zero.
        const cost = modelCost(model, kind, { duration: durations[0] ?? 5, resolution: model.limits.resolutions?.[0], text: 'Hello there.' });
        expect(Number.isSafeInteger(cost) && cost >= 1, `${model.id} ${kind}: ${cost}`).toBe(true);
      }
    }
  });

  it('uses the local engine when no hosted provider is configured', () => {
    expect(chooseModel('text_to_image', undefined, new Set()).provider).toBe('local');
    expect(chooseModel('text_to_image', 'fal-flux-schnell', new Set()).provider).toBe('local');
  });

  it('defaults to the first configured hosted model and honours an available pick', () => {
    expect(chooseModel('text_to_image', undefined, new Set(['openai'])).id).toBe('openai-gpt-image-1');
    expect(chooseModel('text_to_image', 'openai-gpt-image-1', ALL).id).toBe('openai-gpt-image-1');
    // A model that does not make the kind is ignored.
    expect(chooseModel('upscale', 'openai-gpt-image-1', new Set(['openai'])).provider).toBe('local');
    expect(modelsForKind('text_to_image', ALL).at(-1)?.id).toBe('local');
  });

  it('prices per second by the clip length and resolution', () => {
    const model = { ...LOCAL_MODEL, id: 'x', price: { credits: 3, per: 'second' as const, resolution: { '1080p': 2 } } };
    expect(modelCost(model, 'text_to_video', { duration: 5, resolution: '720p' })).toBe(15);
    expect(modelCost(model, 'text_to_video', { duration: 10, resolution: '1080p' })).toBe(60);
    // Tools on a video count the source's seconds; lip sync the speech's.
    expect(modelCost(model, 'video_upscale', { source: { durationS: 4.2 } })).toBe(15);
    // Without a price, the kind's own cost.
    expect(modelCost(LOCAL_MODEL, 'text_to_image', { prompt: 'x' })).toBe(4);
  });

  it('checks limits', () => {
    const model = { ...LOCAL_MODEL, limits: { durations: [5], resolutions: ['720p'], maxSourceSeconds: 10 } };
    expect(checkLimits(model, { duration: 5, resolution: '720p' })).toBeNull();
    expect(checkLimits(model, { duration: 10 })).toBe('MODEL_DURATION_UNSUPPORTED');
    expect(checkLimits(model, { resolution: '1080p' })).toBe('MODEL_SETTING_UNSUPPORTED');
    expect(checkLimits(model, { source: { durationS: 12 } })).toBe('MODEL_SOURCE_TOO_LONG');
  });

  it('applies operators’ overrides: disable, reprice, add; unknown partial entries are refused', () => {
    const [first] = hosted;
    const changed = applyOverrides(MODEL_CATALOG, [
      { id: first!.id, disabled: true },
      { id: 'fal-flux-schnell', price: { credits: 7, per: 'run' } },
    ]);
    expect(changed.find((m) => m.id === first!.id)?.disabled).toBe(true);
    expect(modelsForKind(first!.kinds[0]!, ALL, changed).some((m) => m.id === first!.id)).toBe(false);
    expect(changed.find((m) => m.id === 'fal-flux-schnell')?.price).toEqual({ credits: 7, per: 'run' });
    expect(changed.at(-1)?.id).toBe('local');
    expect(() => applyOverrides(MODEL_CATALOG, [{ id: 'nope', disabled: true }])).toThrow();
  });
});
