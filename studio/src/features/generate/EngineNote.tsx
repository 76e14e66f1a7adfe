/**
 * Says honestly which engine made (or will make) a result: the built-in one is procedural and
 * classical, not a diffusion model; a hosted result names its model and vendor from the
 * catalogue (`model.catalog`; the raw id until it loads). `form` is the picker's note when the
 * local engine is the only model for a kind on this server.
 */
import { useQuery } from '@tanstack/react-query';
import { Cpu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';

export function EngineNote({ engine, form = false }: { engine: string; form?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted" data-testid={form ? 'model-local-only' : 'engine-note'}>
      <Cpu size={12} aria-hidden className="shrink-0" />
      {form ? t('models.picker.localOnly') : engine === 'local' ? t('engine.local') : <HostedModel id={engine} />}
    </p>
  );
}

/** "Made by <model> (<vendor>)" for a hosted result. */
function HostedModel({ id }: { id: string }) {
  const { t } = useTranslation('common');
  const label = useModelLabel(id);
  return <span data-testid="creation-model">{label.vendor ? t('models.madeBy', label) : t('engine.other', { engine: label.name })}</span>;
}

/** A catalogue id's name and vendor (`model.catalog`), or the id itself while it loads or when it left the catalogue. */
export function useModelLabel(id: string): { name: string; vendor: string | null } {
  const trpc = useTRPC();
  const catalog = useQuery({ ...trpc.model.catalog.queryOptions(), staleTime: 5 * 60_000, enabled: id !== 'local' });
  const entry = catalog.data?.find((m) => m.id === id);
  return entry ? { name: entry.name, vendor: entry.vendor } : { name: id, vendor: null };
}

/** A model's short label ("FLUX.1 [schnell] · Black Forest Labs", or the built-in engine's name) for lists and inspectors. */
export function ModelName({ id }: { id: string }) {
  const { t } = useTranslation('common');
  const label = useModelLabel(id);
  if (id === 'local') return <span data-testid="creation-model">{t('models.localName')}</span>;
  return <span data-testid="creation-model">{label.vendor ? t('models.nameVendor', label) : label.name}</span>;
}
