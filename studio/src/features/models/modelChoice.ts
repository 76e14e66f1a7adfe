/**
 * Pure rules behind every model picker (issue 18): which model a form uses, whether there is a
 * choice to show, what the form sends and what it costs. The price comes from the shared
 * catalogue's `choiceCost`, the same rule the server charges by, so the Generate button never
 * shows a price the server would not take.
 */
import { costOf } from '@tessera/shared/credits/costs';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { choiceCost, type ModelChoice, type ModelLimits } from '@tessera/shared/generation/models';
// The home page needs only this check: it lives apart so the home bundle stays free of the catalogue.
export { hasHostedModel } from './hostedModel.ts';

/** A model as `model.list` answers it (a `ModelChoice`, its durations and resolutions repeated). */
export type PickerModel = ModelChoice & { durations?: number[]; resolutions?: string[] };

/** The chosen model: the one picked when the list still has it, else the kind's default (the first). */
export function selectedModel<M extends { id: string }>(models: readonly M[], picked: string | null | undefined): M | undefined {
  return models.find((m) => m.id === picked) ?? models[0];
}

/** A dropdown only when there is something to choose: more than one model, or one hosted model. */
export function hasChoice(models: readonly Pick<ModelChoice, 'provider'>[]): boolean {
  return models.length > 1 || (models.length === 1 && models[0]!.provider !== 'local');
}

/** Only the built-in engine makes this kind here: the form shows a note instead of a dropdown. */
export function isLocalOnly(models: readonly Pick<ModelChoice, 'provider'>[]): boolean {
  return models.length === 1 && models[0]!.provider === 'local';
}

/**
 * The list has loaded and is empty: the operator turned the local engine off for this kind
 * (LOCAL_ENGINE_OFF) and no hosted model makes it, so the server refuses it. The form says "not
 * available on this server" and disables Generate (an empty list while loading is not this).
 */
export function isUnavailable(loaded: boolean, models: readonly unknown[]): boolean {
  return loaded && models.length === 0;
}

/** What a form adds to its task input: `{ model }` when there was a choice, nothing otherwise. */
export function modelField(models: readonly Pick<ModelChoice, 'id' | 'provider'>[], model: { id: string } | undefined): { model?: string } {
  return model && hasChoice(models) ? { model: model.id } : {};
}

/** Credits `input` costs on `model` (the kind's usual cost while the list is loading). */
export function priceFor(model: ModelChoice | undefined, kind: GenerationKind, input: unknown): number {
  return model ? choiceCost(model, kind, input) : costOf(kind, input as never);
}

/**
 * A template run's price: the template's own cost, or the hosted model's price when that is more
 * (the server's rule: a template on a hosted model costs at least the template's price).
 */
export function templatePrice(templateCost: number, model: ModelChoice | undefined, kind: GenerationKind, input: unknown): number {
  return model?.price ? Math.max(templateCost, choiceCost(model, kind, input)) : templateCost;
}

/** Options narrowed to what a model makes; a model without that limit (or a disjoint one) leaves them all. */
export function narrowTo<T extends string | number>(options: readonly T[], offered: readonly (string | number)[] | undefined): readonly T[] {
  const narrowed = options.filter((o) => offered?.includes(o));
  return narrowed.length ? narrowed : options;
}

/** `value` when the options still have it, else the first option (a choice the new model does not make moves). */
export function keepOption<T>(options: readonly T[], value: T): T {
  return options.includes(value) ? value : (options[0] ?? value);
}

/** The limits worth showing on a picker or a model page, as [key, value] pairs with values formatted. */
export function limitEntries(limits: ModelLimits): [keyof ModelLimits, string][] {
  const out: [keyof ModelLimits, string][] = [];
  if (limits.durations?.length) out.push(['durations', limits.durations.map((s) => `${s} s`).join(', ')]);
  if (limits.resolutions?.length) out.push(['resolutions', limits.resolutions.join(', ')]);
  if (limits.aspectRatios?.length) out.push(['aspectRatios', limits.aspectRatios.join(', ')]);
  if (limits.scales?.length) out.push(['scales', limits.scales.map((s) => `${s}×`).join(', ')]);
  if (limits.maxSourceSeconds) out.push(['maxSourceSeconds', `${limits.maxSourceSeconds} s`]);
  if (limits.maxSpeechSeconds) out.push(['maxSpeechSeconds', `${limits.maxSpeechSeconds} s`]);
  if (limits.maxInputMb) out.push(['maxInputMb', `${limits.maxInputMb} MB`]);
  return out;
}

/** A catalogue entry as `model.catalog` answers it. */
export type CatalogModel = ModelChoice & { kinds: string[]; available: boolean };

/**
 * The catalogue grouped by the creation kinds that make `output` (images or videos), in the
 * kinds' order, each group's models in catalogue order (the local engine, serving every kind,
 * last). Pipeline steps (script, speech, music) are not creation kinds and are left out.
 */
export function groupByKind<M extends Pick<CatalogModel, 'kinds'>>(catalog: readonly M[], output: 'image' | 'video'): { kind: GenerationKind; models: M[] }[] {
  return (Object.keys(GENERATION_KINDS) as GenerationKind[])
    .filter((kind) => GENERATION_KINDS[kind].output === output && kind !== 'video_edit')
    .map((kind) => ({ kind, models: catalog.filter((m) => m.kinds.includes(kind) || m.kinds.includes('*')) }))
    .filter((group) => group.models.length > 0);
}
