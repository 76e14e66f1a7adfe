/**
 * What each generation costs, in credits. The studio shows it on the Generate button and the
 * server charges it from the same table.
 */
import type { GenerationInput, GenerationKind } from '../generation/generation.ts';

type CostFn<K extends GenerationKind> = (input: GenerationInput<K>) => number;

export const GENERATION_COSTS: { [K in GenerationKind]: CostFn<K> } = {
  // A 1024-class image: the cheapest thing Tessera makes.
  text_to_image: () => 4,
};

export function costOf<K extends GenerationKind>(kind: K, input: GenerationInput<K>): number {
  return GENERATION_COSTS[kind](input);
}
