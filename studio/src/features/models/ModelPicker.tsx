/**
 * The one model picker of every easy-mode form (issue 18): a dropdown of the models that can make
 * the form's kind here, each with its vendor, its price for the form's current inputs and a speed
 * note, and under it the chosen model's limits. When the built-in engine is the only model, no
 * dropdown: a short note says the kind runs on this server's local engine (EngineNote).
 *
 * Honest before paying (issue 23): whenever the form would run on the built-in engine (the only
 * model, or the one picked), a line says what to expect for this kind ("a procedural sketch of
 * your prompt's subjects", "works on front-facing faces" …) before Generate is pressed. When no
 * model makes the kind here (`unavailable`), it says so instead; the form disables Generate.
 */
import type { GenerationKind } from '@tessera/shared/generation';
import { Ban, Cpu } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineNote } from '../generate/EngineNote.tsx';
import { HostedNone } from './HostedNone.tsx';
import { hasChoice, isLocalOnly, limitEntries, type PickerModel } from './modelChoice.ts';
import type { ModelChoiceState } from './useModelChoice.ts';

const SELECT =
  'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg focus:border-accent focus:outline-none disabled:opacity-60';

export function ModelPicker({
  kind,
  models,
  model,
  onPick,
  costOf,
  disabled,
  unavailable = false,
}: {
  /** The kind the form makes: picks the local engine's expectation line. */
  kind: GenerationKind;
  models: readonly PickerModel[];
  model: PickerModel | undefined;
  onPick(id: string): void;
  /** Credits the form's current inputs cost on `model` (choiceCost on the form's input). */
  costOf(model: PickerModel): number;
  disabled?: boolean;
  /** The list loaded empty: no model makes this kind on this server (useModelChoice's `unavailable`). */
  unavailable?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  if (unavailable) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted" role="status" data-testid="model-unavailable">
        <Ban size={14} aria-hidden className="shrink-0" />
        {t('models.picker.notAvailable')}
      </p>
    );
  }
  if (isLocalOnly(models)) {
    return (
      <div className="flex flex-col gap-1">
        <EngineNote engine="local" form />
        <LocalExpect kind={kind} />
        <HostedNone />
      </div>
    );
  }
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
      {model.provider === 'local' && <LocalExpect kind={kind} chosen />}
    </div>
  );
}

/**
 * What the built-in engine makes of this kind, in one muted line. `chosen`: the user picked the
 * local engine among hosted models, so the line first says that it runs on it.
 */
export function LocalExpect({ kind, chosen = false }: { kind: GenerationKind; chosen?: boolean }) {
  const { t } = useTranslation('common');
  const expect = t(`models.localExpect.${kind}`, { defaultValue: '' });
  if (!expect && !chosen) return null;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted" data-testid="local-expect">
      {chosen && <Cpu size={12} aria-hidden className="mt-0.5 shrink-0" />}
      <span>{chosen ? `${t('models.picker.localChosen')} ${expect}`.trim() : expect}</span>
    </p>
  );
}

/**
 * For canvas actions that have no picker (uncrop, object removal, inpaint, face swap): they run
 * on the kind's default model, so when that is the built-in engine the action says what to
 * expect, and when no model makes the kind here it says so (the action disables its button).
 */
export function DefaultEngineNote({ kind, choice }: { kind: GenerationKind; choice: Pick<ModelChoiceState, 'model' | 'unavailable'> }) {
  const { t } = useTranslation('common');
  if (choice.unavailable) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted" role="status" data-testid="model-unavailable">
        <Ban size={14} aria-hidden className="shrink-0" />
        {t('models.picker.notAvailable')}
      </p>
    );
  }
  return choice.model?.provider === 'local' ? <LocalExpect kind={kind} /> : null;
}
