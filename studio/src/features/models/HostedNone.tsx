/**
 * The one muted line that says this server runs the built-in engine only (issue 23): shown on the
 * home page and under a picker when no hosted model can run here (no `model.catalog` entry that
 * is hosted and available). It names the environment variables an operator sets and the
 * repository's docs/models.md, so a newcomer running `npm start` knows why results are procedural
 * and how to change that. Renders nothing while the catalogue loads or when a hosted model exists.
 */
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { hasHostedModel } from './hostedModel.ts';

export function HostedNone({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const catalog = useQuery({ ...trpc.model.catalog.queryOptions(), staleTime: 5 * 60_000 });
  if (!catalog.data || hasHostedModel(catalog.data)) return null;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-muted', className)} data-testid="hosted-none">
      <Info size={12} aria-hidden className="mt-0.5 shrink-0" />
      <span>{t('models.hostedNone')}</span>
    </p>
  );
}
