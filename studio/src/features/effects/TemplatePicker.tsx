/** Chooses one template of a list (product scenes, fitting backdrops): radio buttons shown as preview tiles. */
import type { TemplateDto } from '@tessera/shared/catalog';
import { RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { TemplatePreview } from './TemplatePreview.tsx';

export function TemplatePicker({
  legend,
  templates,
  status,
  value,
  onChange,
  onRetry,
  testId,
}: {
  legend: string;
  templates: readonly TemplateDto[];
  status: 'pending' | 'error' | 'success';
  value: string | null;
  onChange(id: string): void;
  onRetry(): void;
  testId: string;
}) {
  const { t } = useTranslation('effects');
  const name = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {status === 'pending' ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="aspect-square animate-pulse rounded-lg bg-surface-2" />
          ))}
        </div>
      ) : status === 'error' ? (
        <div className="flex items-center gap-3 text-sm text-danger" role="alert">
          {t('picker.failed')}
          <Button type="button" size="sm" variant="outline" onClick={onRetry}>
            <RotateCw size={14} aria-hidden /> {t('grid.retry')}
          </Button>
        </div>
      ) : templates.length === 0 ? (
        <p className="text-sm text-muted" data-testid={`${testId}-empty`}>
          {t('picker.empty')}
        </p>
      ) : (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {templates.map((tpl) => {
            const checked = value === tpl.id;
            return (
              <label
                key={tpl.id}
                className={cn(
                  'relative cursor-pointer overflow-hidden rounded-lg border-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                  checked ? 'border-accent' : 'border-transparent hover:border-border',
                )}
                onPointerEnter={() => setHovered(tpl.id)}
                onPointerLeave={() => setHovered(null)}
                data-testid="picker-option"
                data-template-id={tpl.id}
              >
                <input type="radio" name={name} value={tpl.id} checked={checked} onChange={() => onChange(tpl.id)} className="sr-only" />
                <TemplatePreview template={tpl} decorative playing={hovered === tpl.id} className="aspect-square w-full" />
                <span className="block truncate bg-surface-2 px-2 py-1 text-xs">
                  {tpl.name}
                  <span className="sr-only">{t('tile.costLabel', { count: tpl.cost })}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
