/**
 * The keys of the signed-in user (issue 19): create (the secret shown once), list with per-key
 * usage, revoke with a confirm. Revoked keys stay listed, greyed, with the day they were revoked.
 */
import { type ApiKeyView, type CreatedApiKey, MAX_API_KEYS } from '@tessera/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';
import { EmptyList, LoadFailed, Panel, Pill, RowsLoading, ScrollTable, TD, TH } from './Panel.tsx';
import { RevokeKeyDialog } from './RevokeKeyDialog.tsx';
import { useDateFormat } from './useDateFormat.ts';


export function ApiKeysPanel({ onCreated, className }: { onCreated(created: CreatedApiKey): void; className?: string }) {
  const { t } = useTranslation('apiPlatform');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }),
      // A first key brings trial API credits.
      queryClient.invalidateQueries({ queryKey: trpc.subUsage.getSubUsage.queryKey() }),
    ]);
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (result) => {
        setCreated(result);
        onCreated(result);
        void refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        toast.success(t('revoke.done'));
        void refresh();
      },
    }),
  );

  const live = keys.data?.filter((k) => !k.revokedAt).length ?? 0;
  const openCreate = () => {
    create.reset();
    setCreated(null);
    setCreating(true);
  };

  return (
    <Panel
      id="keys"
      title={t('keys.title')}
      text={t('keys.text')}
      className={className}
      actions={
        <Button onClick={openCreate} disabled={!keys.data || live >= MAX_API_KEYS} data-testid="api-key-create">
          <Plus size={16} aria-hidden /> {t('keys.create')}
        </Button>
      }
    >
      {keys.isPending ? (
        <RowsLoading label={t('keys.loading')} />
      ) : keys.isError ? (
        <LoadFailed text={t('keys.loadFailed')} retryLabel={t('retry')} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyList icon={KeyRound} title={t('keys.emptyTitle')} text={t('keys.emptyText')} testId="api-keys-empty" />
      ) : (
        <>
          <KeyTable keys={keys.data} onRevoke={setRevoking} />
          <p className="mt-3 text-xs text-muted">{t('keys.count', { live, max: MAX_API_KEYS })}</p>
        </>
      )}
      <CreateKeyDialog
        open={creating}
        onOpenChange={setCreating}
        created={created}
        busy={create.isPending}
        onCreate={(name) => create.mutate({ name })}
      />
      <RevokeKeyDialog apiKey={revoking} busy={revoke.isPending} onCancel={() => setRevoking(null)} onConfirm={(key) => revoke.mutate({ id: key.id })} />
    </Panel>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKeyView[]; onRevoke(key: ApiKeyView): void }) {
  const { t } = useTranslation('apiPlatform');
  const format = useDateFormat();
  const columns = ['name', 'key', 'created', 'lastUsed', 'tasks', 'credits', 'status'] as const;
  return (
    <ScrollTable label={t('keys.title')} minWidth="min-w-[720px]" testId="api-keys-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className={TH}>
              {t(`keys.columns.${c}`)}
            </th>
          ))}
          <th scope="col" className={TH}>
            <span className="sr-only">{t('keys.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} className={cn(key.revokedAt && 'text-muted')} data-testid="api-key-row" data-prefix={key.prefix} data-revoked={key.revokedAt ? '' : undefined}>
            <td className={cn(TD, 'max-w-48 truncate font-medium')}>{key.name}</td>
            <td className={TD}>
              <code className="font-mono text-xs" dir="ltr">
                {key.prefix}…
              </code>
            </td>
            <td className={cn(TD, 'whitespace-nowrap')}>
              <time dateTime={key.createdAt}>{format.date(key.createdAt)}</time>
            </td>
            <td className={cn(TD, 'whitespace-nowrap')} data-testid="api-key-last-used">
              {key.lastUsedAt ? (
                <time dateTime={key.lastUsedAt} title={format.dateTime(key.lastUsedAt)}>
                  {format.relative(key.lastUsedAt)}
                </time>
              ) : (
                t('keys.never')
              )}
            </td>
            <td className={cn(TD, 'tabular-nums')} data-testid="api-key-tasks">
              {key.usage.tasks}
            </td>
            <td className={cn(TD, 'tabular-nums')} data-testid="api-key-credits">
              {key.usage.credits}
            </td>
            <td className={TD} data-testid="api-key-status">
              {key.revokedAt ? <Pill tone="neutral">{t('keys.revokedOn', { date: format.date(key.revokedAt) })}</Pill> : <Pill tone="good">{t('keys.active')}</Pill>}
            </td>
            <td className={cn(TD, 'text-end')}>
              {!key.revokedAt && (
                <Button size="sm" variant="ghost" onClick={() => onRevoke(key)} aria-label={t('keys.revokeLabel', { name: key.name })} data-testid="api-key-revoke">
                  {t('keys.revoke')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
