/** Text-to-image style options from the LoRA catalogue (/loras): none, or one style with its preview. */
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';

export function LoraPicker({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const { t } = useTranslation('aiImage');
  const trpc = useTRPC();
  const to = useLocalizedPath();
  const loras = useQuery(trpc.catalog.loras.queryOptions());
  const tile = (selected: boolean) =>
    cn(
      'relative flex w-20 shrink-0 flex-col items-center gap-1 rounded-lg border p-1 text-xs transition focus-visible:outline-2 focus-visible:outline-accent',
      selected ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
    );
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid="lora-picker">
      <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
        {t('form.lora')}
        <Link to={to('/loras')} className="text-xs font-normal text-accent-fg hover:underline">
          {t('form.loraBrowse')}
        </Link>
      </legend>
      <div className="relative flex gap-2 overflow-x-auto pb-1">
        <button type="button" aria-pressed={value === null} onClick={() => onChange(null)} className={tile(value === null)} data-testid="lora-none">
          <span className="flex aspect-square w-full items-center justify-center rounded-md bg-surface-2">—</span>
          {t('form.loraNone')}
        </button>
        {loras.isPending
          ? Array.from({ length: 4 }, (_, i) => <span key={i} className="h-24 w-20 shrink-0 animate-pulse rounded-lg bg-surface-2" aria-hidden />)
          : loras.data?.map((lora) => (
              <button
                key={lora.id}
                type="button"
                aria-pressed={value === lora.id}
                onClick={() => onChange(lora.id)}
                className={tile(value === lora.id)}
                title={lora.description}
                data-testid={`lora-${lora.id}`}
              >
                <img src={lora.previewUrl} alt="" loading="lazy" className="aspect-square w-full rounded-md bg-surface-2 object-cover" />
                <span className="line-clamp-1">{lora.name}</span>
                {value === lora.id && <Check size={14} className="absolute end-1.5 top-1.5 rounded-full bg-accent text-white" aria-hidden />}
              </button>
            ))}
      </div>
    </fieldset>
  );
}
