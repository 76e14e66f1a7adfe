/**
 * Saved versions of the canvas (periodic snapshots the server keeps while people edit). Owners
 * and editors restore one; the server snapshots the current canvas first, so a restore can be
 * undone by restoring that one, and every collaborator sees the result live.
 */
import { canEdit } from '@tessera/shared/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { TOAST_DURATION_MS } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { useCanvasSession } from './canvasSession.ts';

export function HistorySection() {
  const { t, i18n } = useTranslation('canvas');
  const { projectId, project, readOnly } = useCanvasSession();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const snapshots = useQuery({ ...trpc.projectHistory.list.queryOptions({ projectId }), enabled: open, meta: { skipError: true } });
  const restore = useMutation(
    trpc.projectHistory.restore.mutationOptions({
      onSuccess: () => {
        setConfirming(null);
        toast.success(t('history.restored'), { duration: TOAST_DURATION_MS });
        void queryClient.invalidateQueries({ queryKey: trpc.projectHistory.list.queryKey({ projectId }) });
      },
    }),
  );
  const mayRestore = canEdit(project.role) && !readOnly;

  return (
    <section className="border-t border-border pt-4" aria-labelledby="canvas-history">
      <button
        type="button"
        id="canvas-history"
        className="flex w-full items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted hover:text-fg"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="history-toggle"
      >
        <History size={14} aria-hidden /> {t('history.title')}
      </button>
      {open &&
        (snapshots.isPending ? (
          <div className="mt-2 h-16 animate-pulse rounded-xl bg-surface-2" aria-hidden />
        ) : !snapshots.data?.length ? (
          <p className="mt-2 text-sm text-muted">{t('history.empty')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1">
            {snapshots.data.map((snapshot) => (
              <li key={snapshot.id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-2" data-testid="history-item">
                <span className="min-w-0">
                  <span className="block truncate">{new Date(snapshot.createdAt).toLocaleString(i18n.language)}</span>
                  <span className="text-xs text-muted">{t(`history.reason.${snapshot.reason}`)}</span>
                </span>
                {mayRestore &&
                  (confirming === snapshot.id ? (
                    <span className="flex shrink-0 gap-1">
                      <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => setConfirming(null)}>
                        {t('actions.cancel')}
                      </Button>
                      <Button size="sm" className="h-7 px-2 text-xs" loading={restore.isPending} onClick={() => restore.mutate({ projectId, snapshotId: snapshot.id })} data-testid="history-restore-confirm">
                        {t('history.confirm')}
                      </Button>
                    </span>
                  ) : (
                    <Button variant="outline" size="sm" className="h-7 shrink-0 px-2 text-xs" onClick={() => setConfirming(snapshot.id)} data-testid="history-restore">
                      {t('history.restore')}
                    </Button>
                  ))}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
