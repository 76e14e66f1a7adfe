/**
 * A form's model choice (issue 18): the models that can make `kind` on this server (`model.list`,
 * default first, the local engine last), the one picked (the default until the user picks), and
 * the `{ model }` the form adds to its task input. The pick survives a kind switch when the new
 * kind's list still has it.
 */
import type { GenerationKind } from '@tessera/shared/generation';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { isUnavailable, modelField, type PickerModel, selectedModel } from './modelChoice.ts';

export interface ModelChoiceState {
  /** The list (empty while loading). */
  models: PickerModel[];
  /** The model the form runs on (undefined while loading). */
  model: PickerModel | undefined;
  pick(id: string): void;
  /** Spread into the task input: `{ model }` when there was a choice. */
  field: { model?: string };
  /** No model makes this kind on this server (the list loaded empty): Generate is disabled. */
  unavailable: boolean;
}

export function useModelChoice(kind: GenerationKind, enabled = true): ModelChoiceState {
  const trpc = useTRPC();
  const [picked, pick] = useState<string | null>(null);
  // The list changes only when an operator edits the catalogue: no need to refetch on focus.
  const list = useQuery({ ...trpc.model.list.queryOptions({ kind }), enabled, staleTime: 5 * 60_000 });
  const models: PickerModel[] = list.data ?? [];
  const model = selectedModel(models, picked);
  return { models, model, pick, field: modelField(models, model), unavailable: isUnavailable(list.isSuccess, models) };
}
