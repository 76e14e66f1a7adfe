/**
 * Templates as a grid of cards with the loading, error and empty states and "Load more" — the
 * explore Flows tab and the template picker show theirs with it.
 */
import type { FlowTemplateSummary } from '@tessera/shared/flows/templates';
import { AlertTriangle, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EmptyState } from '../landing/landingUi.tsx';
import { TemplateCard } from './TemplateCard.tsx';

interface TemplateGridProps {
  items: FlowTemplateSummary[] | undefined;
  loading: boolean;
  error: boolean;
  retry(): void;
  onOpen(template: FlowTemplateSummary): void;
  /** The empty state's text and actions. */
  empty: { title: string; text: string; children?: ReactNode };
  more?: { has: boolean; loading: boolean; failed: boolean; load(): void };
  className?: string;
  /** Narrower grids (in a dialog). */
  compact?: boolean;
}

export function TemplateGrid({ items, loading, error, retry, onOpen, empty, more, className, compact }: TemplateGridProps) {
  const { t } = useTranslation('flowTemplates');
  const grid = compact ? 'grid grid-cols-1 gap-3 sm:grid-cols-2' : 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
  if (loading)
    return (
      <div role="status" aria-label={t('list.loading')} aria-busy className={className} data-testid="flow-templates-loading">
        <ul className={grid} aria-hidden>
          {Array.from({ length: compact ? 2 : 4 }, (_, i) => (
            <li key={i} className="h-64 animate-pulse rounded-[var(--radius-card)] bg-surface" />
          ))}
        </ul>
      </div>
    );
  if (error && !items)
    return (
      <EmptyState icon={AlertTriangle} title={t('list.errorTitle')} text={t('list.errorText')} testId="flow-templates-error" className={className}>
        <Button variant="outline" onClick={retry}>
          {t('list.retry')}
        </Button>
      </EmptyState>
    );
  if (!items || items.length === 0)
    return (
      <EmptyState icon={Workflow} title={empty.title} text={empty.text} testId="flow-templates-empty" className={className}>
        {empty.children}
      </EmptyState>
    );
  return (
    <section className={className} aria-label={t('list.label')} data-testid="flow-templates">
      <ul className={cn(grid)}>
        {items.map((template) => (
          <TemplateCard key={template.id} template={template} onOpen={onOpen} />
        ))}
      </ul>
      {more && (more.has || more.failed) && (
        <div className="mt-6 flex flex-col items-center gap-3" aria-live="polite">
          {more.failed && (
            <p className="text-sm text-danger" role="alert">
              {t('list.moreFailed')}
            </p>
          )}
          <Button variant="outline" loading={more.loading} onClick={more.load} data-testid="flow-templates-more">
            {more.failed ? t('list.retry') : t('list.more')}
          </Button>
        </div>
      )}
    </section>
  );
}
