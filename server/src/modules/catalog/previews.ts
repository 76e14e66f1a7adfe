/**
 * Template and LoRA previews: a real result of the engine on a sample picture, cached on disk under
 * a name derived from the recipe and its options, so editing a template renders a fresh preview and
 * concurrent first requests render once. The seeded catalogue's previews ship rendered
 * (db/seed/previews, made by `npm run samples` with this renderer), so a gallery's first visit
 * does not wait for the engine (issue 22); anything else renders on its first request.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_KIND, type TemplateDto, type TemplateType } from '@tessera/shared/catalog';
import type { TemplateGenerationKind } from '@tessera/shared/generation';
import sharp from 'sharp';
import { runTemplate } from '../../generation/engine/effects/templates.ts';
import type { ToolRunner } from '../../generation/engine/enginePool.ts';
import { packageFile } from '../../generation/engine/tf.ts';
import { renderProceduralImage } from '../../generation/providers/proceduralImage.ts';
import type { LoraDto } from '@tessera/shared/catalog';

export interface Preview {
  data: Buffer;
  contentType: string;
}

const PREVIEW_SIDE = 512;
/** Previews of the seeded templates and LoRAs, rendered ahead by scripts/make-samples.ts. */
export const SHIPPED_PREVIEWS_DIR = fileURLToPath(new URL('../../../../db/seed/previews', import.meta.url));
const PREVIEW_SECONDS = 3;

/** A portrait cut from a photo face-api ships (one person, face and shoulders). */
export async function samplePortrait(): Promise<Buffer> {
  return sharp(await readFile(packageFile('@vladmandic/face-api', 'demo/sample6.jpg')))
    .extract({ left: 560, top: 60, width: 600, height: 800 })
    .resize(480, 640)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A perfume bottle on a plain backdrop, for product scenes. */
export function sampleProduct(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#e9e6e1"/>
    <rect x="255" y="120" width="90" height="70" rx="10" fill="#1f2937"/>
    <rect x="185" y="185" width="230" height="300" rx="40" fill="#d97706"/>
    <rect x="215" y="260" width="170" height="110" rx="12" fill="#fef3c7"/>
    <rect x="205" y="200" width="30" height="260" rx="15" fill="#fbbf24" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A red T-shirt on white, for model fitting. */
export function sampleGarment(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#ffffff"/>
    <path d="M210 90 L255 70 Q300 110 345 70 L390 90 L520 170 L470 260 L420 230 L420 540 L180 540 L180 230 L130 260 L80 170 Z" fill="#dc2626"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

let samples: Promise<{ portrait: Buffer; product: Buffer; garment: Buffer }> | null = null;
function loadSamples() {
  samples ??= Promise.all([samplePortrait(), sampleProduct(), sampleGarment()]).then(([portrait, product, garment]) => ({ portrait, product, garment }));
  return samples;
}

/** A template preview's file: named after the recipe and options, so an edited template gets a new one. */
export function templatePreviewName(template: Pick<TemplateDto, 'id' | 'type' | 'recipe' | 'options'>): string {
  const video = TEMPLATE_KIND[template.type as TemplateType] === 'video_effect';
  return `t-${template.id}-${digest([template.type, template.recipe, template.options])}.${video ? 'mp4' : 'webp'}`;
}

export function loraPreviewName(lora: Pick<LoraDto, 'id' | 'style' | 'trigger'>): string {
  return `l-${lora.id}-${digest([lora.style, lora.trigger])}.webp`;
}

export class PreviewRenderer {
  private readonly inFlight = new Map<string, Promise<Preview>>();

  constructor(
    private readonly engine: ToolRunner,
    private readonly cacheDir: string,
    /** Read before rendering; null renders everything (the script that makes the shipped files). */
    private readonly shippedDir: string | null = SHIPPED_PREVIEWS_DIR,
  ) {}

  async template(template: TemplateDto): Promise<Preview> {
    const kind = TEMPLATE_KIND[template.type as TemplateType] as TemplateGenerationKind;
    const video = kind === 'video_effect';
    const name = templatePreviewName(template);
    return this.cached(name, video ? 'video/mp4' : 'image/webp', async () => {
      const { portrait, product, garment } = await loadSamples();
      const image = kind === 'product_photo' ? product : portrait;
      const snapshot = { id: template.id, type: template.type, name: template.name, recipe: template.recipe, options: { ...template.options, ...(video ? { seconds: PREVIEW_SECONDS } : {}) }, cost: template.cost };
      const out = await runTemplate(this.engine, kind, snapshot, { image, ...(kind === 'model_fitting' ? { garment } : {}) }, () => {});
      return video ? out.data : toWebp(out.data);
    });
  }

  async lora(lora: LoraDto): Promise<Preview> {
    const name = loraPreviewName(lora);
    return this.cached(name, 'image/webp', async () => {
      const prompt = `a quiet harbour town at sunset, ${lora.trigger}`;
      const picture = await renderProceduralImage({ prompt, seed: 7, width: PREVIEW_SIDE, height: PREVIEW_SIDE });
      if (lora.style === 'auto') return toWebp(picture);
      const styled = await this.engine.run('stylize', { image: picture, prompt, style: lora.style as never, strength: 0.85, seed: 7 }, () => {});
      return toWebp(styled.data);
    });
  }

  private async cached(name: string, contentType: string, render: () => Promise<Buffer>): Promise<Preview> {
    const file = join(this.cacheDir, name);
    const existing = (await readFile(file).catch(() => null)) ?? (this.shippedDir ? await readFile(join(this.shippedDir, name)).catch(() => null) : null);
    if (existing) return { data: existing, contentType };
    let job = this.inFlight.get(name);
    if (!job) {
      job = (async () => {
        const data = await render();
        await mkdir(this.cacheDir, { recursive: true });
        // Write then rename: a reader never sees half a file.
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, data);
        await rename(tmp, file);
        return { data, contentType };
      })().finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, job);
    }
    return job;
  }
}

/** A hash of `value` that ignores key order (the database's jsonb reorders a template's options). */
function digest(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex').slice(0, 12);
}

function toWebp(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}
