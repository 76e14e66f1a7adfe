import { costOf } from '@tessera/shared/credits/costs';
import { GENERATION_KINDS, IMAGE_TOOL_KINDS } from '@tessera/shared/generation';
import { describe, expect, it } from 'vitest';
import { buildToolInput, findTool, TOOLS, toolCost, toolFieldOptions, toolValuesFor } from './toolDescriptors.ts';

const KEY = 'u/user_1/up-abc.png';

describe('image tool descriptors', () => {
  it('gives every image tool kind exactly one page with a unique slug', () => {
    expect(TOOLS.map((t) => t.kind).sort()).toEqual([...IMAGE_TOOL_KINDS].sort());
    expect(new Set(TOOLS.map((t) => t.slug)).size).toBe(TOOLS.length);
    expect(findTool('upscaler')?.kind).toBe('upscale');
    expect(findTool('nope')).toBeUndefined();
  });

  it.each(TOOLS.map((t) => [t.slug, t] as const))('%s: its defaults plus its images parse with the kind schema', (_slug, tool) => {
    const result = buildToolInput(tool, {}, { image: KEY, face: KEY, mask: `/api/media/${KEY}` });
    expect(result.error?.issues ?? []).toEqual([]);
    // The defaults survive parsing unchanged: the form shows what will be sent.
    expect(result.data).toMatchObject(tool.defaults);
  });

  it.each(TOOLS.map((t) => [t.slug, t] as const))('%s: asks for every image field its kind requires', (_slug, tool) => {
    const required = GENERATION_KINDS[tool.kind].imageFields.filter((f) => !f.includes('.'));
    const asked = [...tool.images, ...(tool.mask ? ['mask'] : [])];
    expect(asked.sort()).toEqual([...required].sort());
    // Without its images the request is refused before it is sent.
    expect(buildToolInput(tool, {}, {}).success).toBe(false);
  });

  it('offers only values the schemas accept and prices them like the server', () => {
    for (const tool of TOOLS) {
      for (const field of tool.fields) {
        if (field.type !== 'choice') continue;
        for (const option of field.options) {
          expect(buildToolInput(tool, { [field.name]: option }, { image: KEY, face: KEY, mask: KEY }).success, `${tool.slug}.${field.name}=${option}`).toBe(true);
        }
      }
    }
    const upscaler = findTool('upscaler')!;
    expect(toolCost(upscaler, { mode: 'fast', scale: 2 })).toBe(costOf('upscale', { image: KEY, mode: 'fast', scale: 2 }));
    expect(toolCost(upscaler, { mode: 'quality', scale: 4 })).toBe(costOf('upscale', { image: KEY, mode: 'quality', scale: 4 }));
    expect(toolCost(upscaler, { mode: 'fast', scale: 2 })).not.toBe(toolCost(upscaler, { mode: 'quality', scale: 4 }));
  });
});

describe('image tools on a chosen model (issue 18)', () => {
  const upscaler = findTool('upscaler')!;
  const scale = upscaler.fields.find((f) => f.type === 'choice' && f.name === 'scale') as Extract<(typeof upscaler.fields)[number], { type: 'choice' }>;

  it('offer only the upscale factors the model makes and move a factor it does not make', () => {
    expect(toolFieldOptions(scale, { scales: [4] })).toEqual([4]);
    expect(toolFieldOptions(scale, {})).toEqual([2, 4]);
    expect(toolValuesFor(upscaler, { scale: 2, mode: 'quality' }, { scales: [4] })).toEqual({ scale: 4, mode: 'quality' });
  });

  it('cost the model catalogue price, or the kind table without one', () => {
    const model = { id: 'm', name: 'M', vendor: 'V', provider: 'fal' as const, speed: 'fast' as const, limits: {}, price: { credits: 7, per: 'run' as const } };
    expect(toolCost(upscaler, { scale: 2 }, model)).toBe(7);
    expect(toolCost(upscaler, { scale: 2 }, { ...model, price: null })).toBe(toolCost(upscaler, { scale: 2 }));
  });
});
