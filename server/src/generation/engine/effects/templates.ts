/**
 * Running a catalogue template on the local engine: video effects are ffmpeg filter graphs (a
 * child process, off the event loop already); photo effects, product scenes and model fitting are
 * sharp/OpenCV pipelines run in the engine's worker threads. Also the registry that tells the
 * admin console which recipes the engine can make for each template type.
 */
import type { TemplateType } from '@tessera/shared/catalog';
import type { TemplateGenerationKind, TemplateSnapshot } from '@tessera/shared/generation';
import type { ProducedOutput } from '../../providers/provider.ts';
import type { ToolRunner } from '../enginePool.ts';
import type { EngineProgress } from '../types.ts';
import { isModelFittingRecipe } from './modelFitting.ts';
import { isPhotoEffectRecipe } from './photoEffects.ts';
import { isProductScene } from './productPhoto.ts';
import { isVideoEffectRecipe, renderVideoEffect } from './videoEffects.ts';

const RECIPE_CHECK: Record<TemplateType, (recipe: string) => boolean> = {
  video_effect: isVideoEffectRecipe,
  pro_effect: isVideoEffectRecipe,
  photo_effect: isPhotoEffectRecipe,
  image_template: isPhotoEffectRecipe,
  product_photo: isProductScene,
  model_fitting: isModelFittingRecipe,
};

/** Whether the engine can make `recipe` for a template of `type`. */
export function isKnownRecipe(type: TemplateType, recipe: string): boolean {
  return RECIPE_CHECK[type](recipe);
}

export interface TemplateImages {
  image: Buffer;
  /** Model fitting only. */
  garment?: Buffer;
}

/** Produces a template's result; video results carry a poster frame for their thumbnail. */
export async function runTemplate(
  engine: ToolRunner,
  kind: TemplateGenerationKind,
  template: TemplateSnapshot,
  images: TemplateImages,
  progress: EngineProgress,
  signal?: AbortSignal,
): Promise<ProducedOutput> {
  const { recipe, options } = template;
  if (kind === 'video_effect') {
    const video = await renderVideoEffect(images.image, recipe, options, { progress, ...(signal ? { signal } : {}) });
    return { data: video.data, contentType: video.contentType, mediaType: 'video', width: video.width, height: video.height, durationS: video.durationS, poster: video.poster };
  }
  const image =
    kind === 'model_fitting'
      ? await engine.run('modelFitting', { image: images.image, garment: images.garment ?? Buffer.alloc(0), recipe, options }, progress, signal)
      : await engine.run(kind === 'product_photo' ? 'productPhoto' : 'photoEffect', { image: images.image, recipe, options }, progress, signal);
  return { data: image.data, contentType: image.contentType, mediaType: 'image', width: image.width, height: image.height };
}
