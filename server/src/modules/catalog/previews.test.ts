/**
 * The seeded catalogue's previews ship rendered (issue 22): a gallery's first visit reads them
 * instead of waiting 8–30 s for the engine. An edit of templates.json without `npm run samples`
 * fails here; an edited template still renders its own fresh preview.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTemplateSeed } from '@tessera/db/seed';
import type { LoraDto, TemplateDto } from '@tessera/shared/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRunner } from '../../generation/engine/enginePool.ts';
import { loraPreviewName, PreviewRenderer, SHIPPED_PREVIEWS_DIR, templatePreviewName } from './previews.ts';

/** An engine that must not be reached: a shipped preview needs no rendering. */
const noEngine: ToolRunner = {
  run: () => Promise.reject(new Error('rendered on request')),
  close: async () => {},
};

const seed = readTemplateSeed();
let cacheDir = '';
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'previews-'));
});
afterAll(() => rm(cacheDir, { recursive: true, force: true }));

describe('shipped previews', () => {
  it('answers every seeded template and LoRA from the shipped files, with no engine work', async () => {
    const previews = new PreviewRenderer(noEngine, cacheDir);
    const shipped = (name: string) => readFile(join(SHIPPED_PREVIEWS_DIR, name));
    for (const template of seed.templates) {
      // The database hands options back in its own key order (jsonb): the preview must not care.
      const reordered = Object.fromEntries(Object.entries(template.options).reverse());
      const dto = { ...template, options: reordered } as unknown as TemplateDto;
      const preview = await previews.template(dto);
      expect(preview.contentType, template.id).toBe(template.type === 'video_effect' || template.type === 'pro_effect' ? 'video/mp4' : 'image/webp');
      expect(preview.data.equals(await shipped(templatePreviewName(dto))), template.id).toBe(true);
    }
    for (const lora of seed.loras) {
      const preview = await previews.lora(lora as unknown as LoraDto);
      expect(preview.data.equals(await shipped(loraPreviewName(lora))), lora.id).toBe(true);
    }
  });

  it('renders a template whose recipe changed (not its stale shipped preview)', async () => {
    const previews = new PreviewRenderer(noEngine, cacheDir);
    const sepia = seed.templates.find((t) => t.id === 'sepia')!;
    const shipped = await previews.template(sepia as unknown as TemplateDto);
    expect(shipped.data.equals(await readFile(join(SHIPPED_PREVIEWS_DIR, templatePreviewName(sepia))))).toBe(true);
    await expect(previews.template({ ...sepia, options: { strength: 0.5 } } as unknown as TemplateDto)).rejects.toThrow('rendered on request');
  });
});
