/** One effect in a grid or strip: its preview (playing on hover or focus), name, cost and Pro badge, linking to its page. */
import type { TemplateDto } from '@tessera/shared/catalog';
import { Coins, Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { cn } from '../../components/ui/cn.ts';
import { templatePath } from './effectRules.ts';
import { TemplatePreview } from './TemplatePreview.tsx';

export function ProBadge({ className }: { className?: string }) {
  const { t } = useTranslation('effects');
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-black', className)} data-testid="pro-badge">
      <Crown size={12} aria-hidden /> {t('tile.pro')}
    </span>
  );
}

export function TemplateTile({ template, onOpen, className }: { template: TemplateDto; onOpen?: () => void; className?: string }) {
  const { t } = useTranslation('effects');
  const to = useLocalizedPath();
  const [active, setActive] = useState(false);
  return (
    <Link
      to={to(templatePath(template))}
      onClick={onOpen}
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition hover:border-accent focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        className,
      )}
      data-testid="effect-tile"
      data-template-id={template.id}
    >
      <div className="relative">
        <TemplatePreview template={template} decorative playing={active} className="aspect-[3/4] w-full" />
        {template.pro && <ProBadge className="absolute start-2 top-2" />}
      </div>
      <span className="flex items-center justify-between gap-2 px-3 py-2">
        <span className="truncate text-sm font-medium">{template.name}</span>
        <span className="inline-flex shrink-0 items-center gap-1 text-xs tabular-nums text-muted" data-testid="tile-cost">
          <Coins size={12} aria-hidden />
          <span aria-hidden>{template.cost}</span>
          <span className="sr-only">{t('tile.costLabel', { count: template.cost })}</span>
        </span>
      </span>
    </Link>
  );
}

/** Skeleton tiles while a grid's first page loads. */
export function TileSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={cn('flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface', className)} aria-hidden>
          <div className="aspect-[3/4] w-full animate-pulse bg-surface-2" />
          <div className="m-3 h-4 w-2/3 animate-pulse rounded bg-surface-2" />
        </li>
      ))}
    </>
  );
}
