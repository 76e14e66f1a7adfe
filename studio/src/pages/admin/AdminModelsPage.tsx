/**
 * /app/admin/models: the hosted model catalogue (issue 18). Every entry with its provider, the
 * kinds it makes, whether this server has the provider's key, its price; an operator turns a
 * model off or on, changes its price (or removes it: the kind's usual price) and drops the
 * console's change (reset). Changes apply at once (server/src/modules/admin/adminModels.ts).
 */
import type { ModelPrice } from '@tessera/shared/generation/models';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { describeError } from '../../features/admin/adminErrors.ts';
import { AdminPageHeader, Badge, CARD, CONTROL, EmptyState, Field, FormError, ListSkeleton, QueryError, TABLE, TD, TH } from '../../features/admin/AdminUi.tsx';
import { priceText } from '../../features/models/ModelCatalogList.tsx';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';

export function AdminModelsPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.models.list.queryOptions());
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div data-testid="page-admin-models">
      <AdminPageHeader title={t('models.title')} subtitle={t('models.subtitle')} />
      {list.isPending ? (
        <ListSkeleton className="mt-6" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !list.data.length ? (
        <EmptyState title={t('models.empty')} />
      ) : (
        <div className={`${CARD} mt-6 overflow-x-auto`}>
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('models.columns.model')}</th>
                <th className={TH}>{t('models.columns.provider')}</th>
                <th className={TH}>{t('models.columns.kinds')}</th>
                <th className={TH}>{t('models.columns.status')}</th>
                <th className={TH}>{t('models.columns.price')}</th>
                <th className={TH}>{t('models.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((model) => (
                <ModelRow key={model.id} model={model} editing={editing === model.id} onEdit={(open) => setEditing(open ? model.id : null)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

type Row = {
  id: string;
  name: string;
  vendor: string;
  provider: string;
  kinds: string[];
  available: boolean;
  overridden: boolean;
  disabled?: boolean | undefined;
  price?: ModelPrice | undefined;
};

function ModelRow({ model, editing, onEdit }: { model: Row; editing: boolean; onEdit(open: boolean): void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    // The pickers and model pages read the same catalogue.
    void queryClient.invalidateQueries(trpc.admin.models.pathFilter());
    void queryClient.invalidateQueries(trpc.model.pathFilter());
    void queryClient.invalidateQueries(trpc.admin.audit.pathFilter());
  };
  const onError = (error: unknown) => toast.error(describeError(error).message);
  const update = useMutation({ ...trpc.admin.models.update.mutationOptions({ onSuccess: refresh, onError }), meta: { skipError: true } });
  const reset = useMutation({
    ...trpc.admin.models.reset.mutationOptions({
      onSuccess: () => {
        toast.success(t('models.resetDone', { name: model.name }));
        refresh();
      },
      onError,
    }),
    meta: { skipError: true },
  });
  const local = model.provider === 'local';
  const kinds = model.kinds.includes('*') ? t('models.allKinds') : model.kinds.map((k) => t(`common:kinds.${k}`, { defaultValue: k })).join(', ');

  return (
    <>
      <tr data-testid={`admin-model-${model.id}`}>
        <td className={TD}>
          <p className="font-medium">{model.name}</p>
          <p className="text-xs text-muted">
            {model.vendor} · <code>{model.id}</code>
          </p>
        </td>
        <td className={TD}>{t(`common:models.providers.${model.provider}`, { defaultValue: model.provider })}</td>
        <td className={`${TD} max-w-64 text-xs text-muted`}>{kinds}</td>
        <td className={TD}>
          <div className="flex flex-wrap gap-1">
            {model.disabled ? <Badge tone="bad">{t('models.disabled')}</Badge> : <Badge tone="good">{t('models.enabled')}</Badge>}
            <Badge tone={model.available ? 'good' : 'warn'} testId="admin-model-available">
              {t(model.available ? 'models.available' : 'models.noKey')}
            </Badge>
            {model.overridden && <Badge tone="accent">{t('models.overridden')}</Badge>}
          </div>
        </td>
        <td className={`${TD} text-sm`} data-testid="admin-model-price">
          {priceText(t, model.price ?? null)}
        </td>
        <td className={TD}>
          <div className="flex flex-wrap gap-1">
            {!local && (
              <Button
                size="sm"
                variant="outline"
                loading={update.isPending}
                onClick={() => update.mutate({ id: model.id, disabled: !model.disabled })}
                data-testid="admin-model-toggle"
              >
                {t(model.disabled ? 'models.enable' : 'models.disable')}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => onEdit(!editing)} aria-expanded={editing} data-testid="admin-model-edit-price">
              {t('models.editPrice')}
            </Button>
            {model.overridden && (
              <Button size="sm" variant="ghost" loading={reset.isPending} onClick={() => reset.mutate({ id: model.id })} data-testid="admin-model-reset">
                {t('models.reset')}
              </Button>
            )}
          </div>
        </td>
      </tr>
      {editing && (
        <tr>
          <td className={TD} colSpan={6}>
            <PriceForm
              price={model.price}
              pending={update.isPending}
              error={update.isError ? describeError(update.error).message : null}
              onSave={(price) => update.mutate({ id: model.id, price }, { onSuccess: () => onEdit(false) })}
              onCancel={() => onEdit(false)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/** Credits per run or per second; "no price" charges what the kind costs on the local engine. Resolution factors are kept. */
function PriceForm({
  price,
  pending,
  error,
  onSave,
  onCancel,
}: {
  price: ModelPrice | undefined;
  pending: boolean;
  error: string | null;
  onSave(price: ModelPrice | null): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  const [credits, setCredits] = useState(price ? String(price.credits) : '');
  const [per, setPer] = useState<ModelPrice['per']>(price?.per ?? 'run');
  const value = Number(credits);
  const valid = credits.trim() !== '' && Number.isFinite(value) && value > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onSave({ credits: value, per, ...(price?.resolution ? { resolution: price.resolution } : {}) });
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="admin-model-price-form">
      <Field label={t('models.credits')} className="w-32">
        {(props) => (
          <input {...props} type="number" min={0.01} step="any" className={CONTROL} value={credits} onChange={(e) => setCredits(e.target.value)} data-testid="admin-model-credits" />
        )}
      </Field>
      <Field label={t('models.per')} className="w-40">
        {(props) => (
          <select {...props} className={CONTROL} value={per} onChange={(e) => setPer(e.target.value as ModelPrice['per'])} data-testid="admin-model-per">
            <option value="run">{t('models.perRun')}</option>
            <option value="second">{t('models.perSecond')}</option>
          </select>
        )}
      </Field>
      <Button type="submit" size="sm" loading={pending} disabled={!valid} data-testid="admin-model-save-price">
        {t('models.save')}
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => onSave(null)} data-testid="admin-model-clear-price">
        {t('models.clearPrice')}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {t('models.cancel')}
      </Button>
      <FormError message={error} />
    </form>
  );
}
