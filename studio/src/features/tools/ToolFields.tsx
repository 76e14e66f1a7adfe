/** Renders a tool descriptor's non-image fields. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import type { ToolField } from './toolDescriptors.ts';

export function ChoiceField({
  name,
  options,
  value,
  onChange,
  label,
  format,
}: {
  name: string;
  options: readonly (string | number)[];
  value: unknown;
  onChange(value: string | number): void;
  /** Another form's texts (the video forms): the legend and each option's label. */
  label?: string;
  format?(option: string | number): string;
}) {
  const { t } = useTranslation('aiTools');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{label ?? t(`fields.${name}`)}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={cn(
              'rounded-lg border px-3 py-1.5 text-sm transition',
              value === option ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
            )}
            data-testid={`option-${name}-${option}`}
          >
            {format ? format(option) : t(`options.${name}.${option}`, { defaultValue: String(option) })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function SliderField({
  field,
  value,
  onChange,
  label,
  format = (v) => `${v.toFixed(2)}×`,
}: {
  field: Extract<ToolField, { type: 'slider' }>;
  value: number;
  onChange(value: number): void;
  label?: string;
  format?(value: number): string;
}) {
  const { t } = useTranslation('aiTools');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label ?? t(`fields.${field.name}`)}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="range"
          min={field.min}
          max={field.max}
          step={field.step}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
          className="flex-1 accent-[var(--color-accent)]"
          data-testid={`slider-${field.name}`}
        />
        <span className="w-12 text-end text-sm tabular-nums text-muted">{format(value)}</span>
      </div>
    </div>
  );
}

/** The prompt box of every creation form. */
export function PromptField({ value, onChange, label, placeholder, rows = 3 }: { value: string; onChange(value: string): void; label?: string; placeholder?: string; rows?: number }) {
  const { t } = useTranslation('aiTools');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label ?? t('fields.prompt')}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        maxLength={2000}
        placeholder={placeholder ?? t('fields.promptPlaceholder')}
        className="resize-y rounded-lg border border-border bg-surface-2 p-3 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
        data-testid="prompt"
      />
    </div>
  );
}

export function ToolFieldInput({ field, values, onChange }: { field: Exclude<ToolField, { type: 'background' }>; values: Record<string, unknown>; onChange(name: string, value: unknown): void }) {
  switch (field.type) {
    case 'choice':
      return <ChoiceField name={field.name} options={field.options} value={values[field.name]} onChange={(v) => onChange(field.name, v)} />;
    case 'slider':
      return <SliderField field={field} value={Number(values[field.name] ?? field.min)} onChange={(v) => onChange(field.name, v)} />;
    case 'prompt':
      return <PromptField value={String(values.prompt ?? '')} onChange={(v) => onChange('prompt', v)} />;
  }
}
