/**
 * What each generation costs, in credits. The studio shows it on the Generate button and the
 * server charges it from the same table.
 */
import type { GenerationInput, GenerationKind } from '../generation/generation.ts';

type CostFn<K extends GenerationKind> = (input: GenerationInput<K>) => number;

export const GENERATION_COSTS: { [K in GenerationKind]: CostFn<K> } = {
  // A 1024-class image: the cheapest thing Tessera makes.
  text_to_image: () => 4,
  image_to_image: () => 4,
  // The model costs more than resampling, and 4× is four times the pixels of 2×.
  upscale: (input) => (input.mode === 'fast' ? 1 : 3) * (input.scale === 4 ? 2 : 1),
  uncrop: () => 3,
  object_remover: () => 3,
  inpaint: () => 4,
  background_remover: () => 2,
  background_changer: () => 3,
  face_swap: () => 4,
  // Template kinds are priced by their template (catalogue `cost`); the server charges the
  // template's cost and these are only the defaults a new template starts from.
  photo_effect: () => 4,
  video_effect: () => 10,
  product_photo: () => 5,
  model_fitting: () => 6,
};

export function costOf<K extends GenerationKind>(kind: K, input: GenerationInput<K>): number {
  return GENERATION_COSTS[kind](input);
}
