/**
 * The one model picker of every easy-mode form (issue 18): a dropdown of the models that can make
 * the form's kind here, each with its vendor, its price for the form's current inputs and a speed
 * note, and under it the chosen model's limits. When the built-in engine is the only model, no
 * dropdown: a short note says the kind runs on this server's local engine (EngineNote).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineNote } from '../generate/EngineNote.tsx';
import { hasChoice, isLocalOnly, limitEntries, type PickerModel } from './modelChoice.ts';

const SELECT =
  'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg focus:border-accent focus:outline-none disabled:opacity-60';

export function ModelPicker({
  models,
  model,
  onPick,
  costOf,
  disabled,
}: {
  models: readonly PickerModel[];
  model: PickerModel | undefined;
  onPick(id: string): void;
  /** Credits the form's current inputs cost on `model` (choiceCost on the form's input). */
  costOf(model: PickerModel): number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  if (isLocalOnly(models)) return <EngineNote engine="local" form />;
  // Still loading (or the kind has no model here, which the server reports on Generate).
  if (!hasChoice(models) || !model) return null;
  const limits = limitEntries(model.limits);
  return (
    <div className="flex flex-col gap-2" data-testid="model-field">
      <label htmlFor={id} className="text-sm font-medium">
        {t('models.picker.label')}
      </label>
      <select id={id} className={SELECT} value={model.id} disabled={disabled} onChange={(e) => onPick(e.target.value)} data-testid="model-picker">
        {models.map((m) => (
          <option key={m.id} value={m.id} data-testid={`model-option-${m.id}`}>
            {t('models.picker.option', { name: m.name, vendor: m.vendor, credits: t('models.credits', { count: costOf(m) }), speed: t(`models.speed.${m.speed}`) })}
          </option>
        ))}
      </select>
      <p className="text-xs text-muted" data-testid="model-details">
        {t('models.picker.details', { vendor: model.vendor, speed: t(`models.speed.${model.speed}`) })}
        {limits.length > 0 && ' · '}
        {limits.map(([key, value]) => t(`models.limits.${key}`, { value })).join(' · ')}
      </p>
    </div>
  );
}
