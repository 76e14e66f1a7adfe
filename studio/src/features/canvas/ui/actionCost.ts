/**
 * Credits an action costs with its current settings, from the same table the server charges
 * (shared/credits). Costs depend on settings only, never on the images or the prompt's words, so
 * stand-ins fill what the form does not have yet.
 */
import { GENERATION_KINDS, type GenerationInput, type GenerationKind } from '@tessera/shared/generation';
import type { ModelChoice } from '@tessera/shared/generation/models';
import { priceFor } from '../../models/modelChoice.ts';
import { toolCost, toolForKind } from '../../tools/toolDescriptors.ts';

const STAND_IN_IMAGE = 'u/cost/cost.png';

/** On `model` when one is chosen (its catalogue price), else the kind's price table. */
export function actionCost(kind: GenerationKind, values: Record<string, unknown>, model?: ModelChoice): number {
  const tool = toolForKind(kind);
  if (tool) return toolCost(tool, values, model);
  const parsed = GENERATION_KINDS[kind].input.safeParse({ ...values, prompt: 'x', image: STAND_IN_IMAGE });
  const input = parsed.success ? parsed.data : GENERATION_KINDS[kind].input.parse({ prompt: 'x', image: STAND_IN_IMAGE });
  return priceFor(model, kind, input as GenerationInput<typeof kind>);
}

/** The input as the kind's schema accepts it, or the first problem's message. */
export function validateInput(kind: GenerationKind, input: Record<string, unknown>): { ok: true; input: Record<string, unknown> } | { ok: false; message: string } {
  const parsed = GENERATION_KINDS[kind].input.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data as Record<string, unknown> };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid input' };
}
