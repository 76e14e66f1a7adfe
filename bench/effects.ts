/**
 * bench/effects: how long each catalogue recipe takes on the local engine, inline in this process
 * (the pool's threads and the ffmpeg child run the same code): every video effect as a 4-s clip
 * from a 720-px portrait, every photo effect, product scene and fitting backdrop on the same photo.
 */
import sharp from 'sharp';
import { MODEL_FITTING_RECIPES, modelFitting } from '@tessera/server/generation/engine/effects/modelFitting';
import { applyPhotoEffect, PHOTO_EFFECT_RECIPES } from '@tessera/server/generation/engine/effects/photoEffects';
import { PRODUCT_SCENES, productPhoto } from '@tessera/server/generation/engine/effects/productPhoto';
import { renderVideoEffect, VIDEO_EFFECT_RECIPES } from '@tessera/server/generation/engine/effects/videoEffects';
import { packageFile } from '@tessera/server/generation/engine/tf';

export interface EffectTiming {
  kind: string;
  recipe: string;
  ms: number;
  output: string;
}

const noProgress = () => {};

export async function benchEffects(): Promise<EffectTiming[]> {
  const portrait = await sharp(packageFile('@vladmandic/face-api', 'demo/sample6.jpg')).extract({ left: 560, top: 60, width: 600, height: 800 }).resize(540, 720).jpeg().toBuffer();
  const product = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#e9e6e1"/><rect x="185" y="185" width="230" height="300" rx="40" fill="#d97706"/></svg>')).png().toBuffer();
  const garment = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#fff"/><path d="M210 90 L255 70 Q300 110 345 70 L390 90 L520 170 L470 260 L420 230 L420 540 L180 540 L180 230 L130 260 L80 170 Z" fill="#dc2626"/></svg>')).png().toBuffer();
  const timings: EffectTiming[] = [];
  const time = async (kind: string, recipe: string, run: () => Promise<{ width: number; height: number; extra?: string }>) => {
    const start = performance.now();
    const out = await run();
    timings.push({ kind, recipe, ms: Math.round(performance.now() - start), output: `${out.width}×${out.height}${out.extra ?? ''}` });
  };
  for (const { id } of VIDEO_EFFECT_RECIPES) {
    await time('video effect', id, async () => {
      const v = await renderVideoEffect(portrait, id, { seconds: 4 });
      return { width: v.width, height: v.height, extra: `, ${v.durationS.toFixed(1)} s` };
    });
  }
  for (const { id } of PHOTO_EFFECT_RECIPES) await time('photo effect', id, () => applyPhotoEffect(portrait, id, {}, noProgress));
  for (const { id } of PRODUCT_SCENES) await time('product scene', id, () => productPhoto(product, id, {}, noProgress));
  for (const { id } of MODEL_FITTING_RECIPES) await time('model fitting', id, () => modelFitting(portrait, garment, id, {}, noProgress));
  return timings;
}
