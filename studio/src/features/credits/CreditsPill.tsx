/** Credits left, in the header; kept live by `credits:changed` over the socket. Opens the credits panel. */
import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePanelStore } from '../popups/panelStore.ts';

const CreditsPanel = lazy(() => import('./CreditsPanel.tsx'));

export function CreditsPill() {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const viewer = useViewer();
  const open = usePanelStore((s) => s.open === 'credits');
  const show = usePanelStore((s) => s.show);
  const enabled = viewer.status === 'signedIn' || viewer.status === 'anonymous';
  const { data } = useQuery({ ...trpc.credits.summary.queryOptions(), enabled, staleTime: 30_000, meta: { skipError: true } });
  if (!enabled || !data) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => show('credits')}
        className="inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-2 text-sm hover:border-accent sm:px-3"
        title={t('credits.pillTitle', { remaining: data.remaining, total: data.total })}
        aria-haspopup="dialog"
        data-testid="credits-pill"
      >
        <Coins size={14} className="text-accent-2" aria-hidden />
        <span className="tabular-nums" data-testid="credits-remaining">
          {data.remaining}
        </span>
        <span className="sr-only">{t('credits.label')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CreditsPanel />
        </Suspense>
      )}
    </>
  );
}
