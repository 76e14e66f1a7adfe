import { costOf } from '@tessera/shared/credits/costs';
import { choiceCost, findModel, MODEL_CATALOG, toChoice } from '@tessera/shared/generation/models';
import { describe, expect, it } from 'vitest';
import { groupByKind, hasChoice, hasHostedModel, isLocalOnly, isUnavailable, keepOption, limitEntries, modelField, narrowTo, priceFor, selectedModel, templatePrice } from './modelChoice.ts';

const LOCAL = toChoice(findModel('local')!);
const HOSTED = toChoice(MODEL_CATALOG.find((m) => m.provider !== 'local' && m.kinds.includes('text_to_image') && m.price)!);
const INPUT = { prompt: 'a lighthouse', aspectRatio: '1:1' };

describe('model choice', () => {
  it('defaults to the first model and keeps a pick the list still has', () => {
    expect(selectedModel([HOSTED, LOCAL], null)).toBe(HOSTED);
    expect(selectedModel([HOSTED, LOCAL], 'local')).toBe(LOCAL);
    expect(selectedModel([LOCAL], HOSTED.id)).toBe(LOCAL);
    expect(selectedModel([], 'local')).toBeUndefined();
  });

  it('shows a dropdown only when there is a hosted model, and sends the model only then', () => {
    expect(hasChoice([LOCAL])).toBe(false);
    expect(isLocalOnly([LOCAL])).toBe(true);
    expect(hasChoice([HOSTED, LOCAL])).toBe(true);
    expect(hasChoice([])).toBe(false);
    expect(isLocalOnly([])).toBe(false);
    expect(modelField([LOCAL], LOCAL)).toEqual({});
    expect(modelField([HOSTED, LOCAL], HOSTED)).toEqual({ model: HOSTED.id });
  });

  it('prices with the rule the server charges by, and the kind table while loading', () => {
    expect(priceFor(HOSTED, 'text_to_image', INPUT)).toBe(choiceCost(HOSTED, 'text_to_image', INPUT));
    expect(priceFor(undefined, 'text_to_image', INPUT)).toBe(costOf('text_to_image', INPUT as never));
    expect(priceFor(LOCAL, 'text_to_image', INPUT)).toBe(costOf('text_to_image', INPUT as never));
  });

  it('a template on a hosted model costs at least the template', () => {
    expect(templatePrice(7, LOCAL, 'photo_effect', {})).toBe(7);
    expect(templatePrice(1, { ...HOSTED, price: { credits: 9, per: 'run' } }, 'photo_effect', {})).toBe(9);
    expect(templatePrice(20, { ...HOSTED, price: { credits: 9, per: 'run' } }, 'photo_effect', {})).toBe(20);
  });

  it('narrows options to what the model makes and moves a choice it does not make', () => {
    expect(narrowTo([5, 10], [5, 6])).toEqual([5]);
    expect(narrowTo([5, 10], undefined)).toEqual([5, 10]);
    expect(narrowTo([5, 10], [8])).toEqual([5, 10]);
    expect(keepOption(['1:1', '16:9'], '16:9')).toBe('16:9');
    expect(keepOption(['1:1'], '16:9')).toBe('1:1');
  });

  it('lists the limits worth showing', () => {
    expect(limitEntries({})).toEqual([]);
    expect(limitEntries({ durations: [5, 10], maxInputMb: 20 })).toEqual([
      ['durations', '5 s, 10 s'],
      ['maxInputMb', '20 MB'],
    ]);
  });

  it('groups the catalogue by the kinds that make images or videos, the local engine in every group', () => {
    const catalog = MODEL_CATALOG.map((m) => ({ ...toChoice(m), kinds: m.kinds, available: true }));
    const images = groupByKind(catalog, 'image');
    expect(images[0]!.kind).toBe('text_to_image');
    expect(images.every((g) => g.models.at(-1)!.id === 'local')).toBe(true);
    const videos = groupByKind(catalog, 'video');
    expect(videos.some((g) => g.kind === 'text_to_video')).toBe(true);
    expect(videos.some((g) => g.kind === ('video_edit' as never))).toBe(false);
    expect(images.some((g) => videos.some((v) => v.kind === g.kind))).toBe(false);
  });

  it('says a kind is unavailable only once its list loaded empty', () => {
    expect(isUnavailable(false, [])).toBe(false);
    expect(isUnavailable(true, [])).toBe(true);
    expect(isUnavailable(true, [LOCAL])).toBe(false);
  });

  it('knows when no hosted model can run here (the built-in engine only)', () => {
    expect(hasHostedModel([{ provider: 'local', available: true }])).toBe(false);
    expect(hasHostedModel([{ provider: 'fal', available: false }, { provider: 'local', available: true }])).toBe(false);
    expect(hasHostedModel([{ provider: 'fal', available: true }, { provider: 'local', available: true }])).toBe(true);
  });
});
