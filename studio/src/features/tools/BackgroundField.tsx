/** Background changer's choice: a colour, a gradient, or an image. */
import type { Background } from '@tessera/shared/generation';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { ImageInput, type ImageValue } from '../media/ImageInput.tsx';

/** Like `Background`, but the image may not be chosen yet. */
export type BackgroundDraft = Exclude<Background, { type: 'image' }> | { type: 'image'; image: string; preview?: ImageValue | null };

const TYPES = ['color', 'gradient', 'image'] as const;

export function BackgroundField({ value, onChange }: { value: BackgroundDraft; onChange(value: BackgroundDraft): void }) {
  const { t } = useTranslation('aiTools');
  const ids = { color: useId(), from: useId(), to: useId(), angle: useId() };
  const swatch = 'h-10 w-16 cursor-pointer rounded-lg border border-border bg-surface-2 p-1';

  function pick(type: (typeof TYPES)[number]) {
    if (type === value.type) return;
    if (type === 'color') onChange({ type, color: '#ffffff' });
    else if (type === 'gradient') onChange({ type, from: '#8b5cf6', to: '#ec4899', angle: 90 });
    else onChange({ type, image: '', preview: null });
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t('fields.background')}</legend>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('fields.background')}>
        {TYPES.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={value.type === type}
            onClick={() => pick(type)}
            className={cn(
              'rounded-lg border px-3 py-1.5 text-sm transition',
              value.type === type ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
            )}
            data-testid={`background-${type}`}
          >
            {t(`options.background.${type}`)}
          </button>
        ))}
      </div>
      {value.type === 'color' && (
        <div className="flex items-center gap-3">
          <label htmlFor={ids.color} className="text-sm">
            {t('fields.color')}
          </label>
          <input id={ids.color} type="color" value={value.color} onChange={(e) => onChange({ type: 'color', color: e.target.value })} className={swatch} />
          <span className="font-mono text-xs text-muted">{value.color}</span>
        </div>
      )}
      {value.type === 'gradient' && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={ids.from} className="text-sm">
              {t('fields.from')}
            </label>
            <input id={ids.from} type="color" value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} className={swatch} />
            <label htmlFor={ids.to} className="text-sm">
              {t('fields.to')}
            </label>
            <input id={ids.to} type="color" value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} className={swatch} />
            <span
              aria-hidden
              className="h-10 flex-1 rounded-lg border border-border"
              style={{ background: `linear-gradient(${value.angle}deg, ${value.from}, ${value.to})` }}
            />
          </div>
          <div className="flex items-center gap-3">
            <label htmlFor={ids.angle} className="text-sm">
              {t('fields.angle')}
            </label>
            <input
              id={ids.angle}
              type="range"
              min={0}
              max={359}
              value={value.angle}
              onChange={(e) => onChange({ ...value, angle: Number(e.target.value) })}
              className="w-40 accent-[var(--color-accent)]"
            />
            <span className="text-xs tabular-nums text-muted">{value.angle}°</span>
          </div>
        </div>
      )}
      {value.type === 'image' && (
        <ImageInput
          label={t('fields.backgroundImage')}
          value={value.preview ?? null}
          onChange={(preview) => onChange({ type: 'image', image: preview?.url ?? '', preview })}
          testId="background-image"
        />
      )}
    </fieldset>
  );
}
