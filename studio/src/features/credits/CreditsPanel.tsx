/** The credits panel: the §3 summary and the paged history of what each movement was for. */
import type { CreditHistoryEntry } from '@tessera/shared/credits';
import { GENERATION_KINDS } from '@tessera/shared/generation';
import { planOfGrantNote } from '@tessera/shared/plans';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, Clock, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Sheet } from '../../components/ui/Sheet.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { APP_NAME } from '../billing/useBillingState.ts';
import { usePanelStore } from '../popups/panelStore.ts';
import { WelcomeTrialNote } from './WelcomeTrialNote.tsx';
import { summaryOfUsage } from './usageSummary.ts';

/** Grant notes the server writes, translated when we know them. */
const KNOWN_NOTES: Record<string, string> = {
  'Welcome credits': 'welcome',
  'Verified e-mail bonus': 'verifiedEmail',
  'Credits expired': 'expired',
  'Daily check-in': 'checkIn',
  'Invited by a friend': 'invitedByFriend',
  'A friend you invited subscribed': 'friendSubscribed',
};

/** The translation key of a grant note the server writes (`Mission: <key>` for mission rewards), or null. */
function noteKey(note: string): string | null {
  if (note.startsWith('Mission: ')) return 'mission';
  return KNOWN_NOTES[note] ?? null;
}

function kindOfRpc(rpcName: string | null | undefined): string | null {
  const found = Object.entries(GENERATION_KINDS).find(([, d]) => d.rpcName === rpcName);
  return found ? found[0] : null;
}

function Entry({ entry, taskKind }: { entry: CreditHistoryEntry; taskKind: string | null }) {
  const { t, i18n } = useTranslation(['credits', 'pricing']);
  const what = taskKind ? t(`common:kinds.${taskKind}`) : t('history.aGeneration');
  const known = entry.note ? noteKey(entry.note) : null;
  // A subscription's grant names its plan as the plan cards do.
  const plan = entry.note && !known ? planOfGrantNote(entry.note) : null;
  const note = known ? t(`history.notes.${known}`) : plan ? t('history.notes.plan', { plan: t(`pricing:plans.${plan}.name`) }) : entry.note;
  const label = {
    grant: note ?? t('history.grant'),
    hold: t('history.hold', { what }),
    capture: t('history.capture', { what }),
    release: t('history.release', { what }),
    expire: t('history.expire'),
  }[entry.kind];
  const sign = entry.kind === 'grant' || entry.kind === 'release' ? '+' : entry.kind === 'capture' ? '' : '−';
  const Icon = sign === '+' ? ArrowDownLeft : sign === '−' ? ArrowUpRight : Receipt;
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid="credit-entry" data-kind={entry.kind}>
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-2">
        <Icon size={14} className={sign === '+' ? 'text-success' : 'text-muted'} aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm">{label}</span>
        <span className="flex items-center gap-1 text-xs text-muted">
          <Clock size={10} aria-hidden /> {new Date(entry.createdAt).toLocaleString(i18n.language)}
        </span>
      </span>
      <span className={`text-sm font-semibold tabular-nums ${sign === '+' ? 'text-success' : sign === '−' ? '' : 'text-muted'}`}>
        {sign}
        {entry.amount}
      </span>
    </li>
  );
}

export default function CreditsPanel() {
  const { t } = useTranslation('credits');
  const trpc = useTRPC();
  const open = usePanelStore((s) => s.open === 'credits');
  const hide = usePanelStore((s) => s.hide);
  // §7/§4: a signed-in user's usage comes from subUsage.getSubUsage (never cached, so each
  // opening shows it fresh); an anonymous visitor has credits too, read from credits.summary.
  const signedIn = useViewer().status === 'signedIn';
  const usage = useQuery({ ...trpc.subUsage.getSubUsage.queryOptions({ appName: APP_NAME }), enabled: open && signedIn, staleTime: 0, gcTime: 0 });
  const anonymous = useQuery({ ...trpc.credits.summary.queryOptions(), staleTime: 30_000, enabled: !signedIn });
  const summary = signedIn ? summaryOfUsage(usage.data?.usageList) : anonymous.data;
  const history = useInfiniteQuery(trpc.credits.history.infiniteQueryOptions({ limit: 20 }, { getNextPageParam: (last) => last.nextCursor ?? undefined }));
  const entries = (history.data?.pages ?? []).flatMap((p) => p.entries);
  // A capture or release names no tool; the hold of the same task does (its note is the RPC name).
  const kindByTask = new Map<string, string>();
  for (const e of entries) if (e.kind === 'hold' && e.taskId) kindByTask.set(e.taskId, kindOfRpc(e.note) ?? '');

  return (
    <Sheet open={open} onOpenChange={(o) => !o && hide()} title={t('title')} testId="credits-panel">
      {summary ? (
        <dl className="grid grid-cols-3 gap-3 text-center">
          {(['remaining', 'used', 'total'] as const).map((key) => (
            <div key={key} className="rounded-xl border border-border bg-surface-2/50 p-3">
              <dt className="text-xs text-muted">{t(`summary.${key}`)}</dt>
              <dd className={`mt-1 text-2xl font-bold tabular-nums ${key === 'remaining' ? 'text-gradient' : ''}`} data-testid={`credits-${key}-panel`}>
                {summary[key]}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="h-20 animate-pulse rounded-xl bg-surface-2" aria-hidden />
      )}
      <p className="mt-3 text-xs text-muted">{t('explain')}</p>
      <WelcomeTrialNote className="mt-4" onLeave={hide} />
      <h3 className="mt-8 text-sm font-semibold uppercase tracking-wide text-muted">{t('history.title')}</h3>
      {history.isPending ? (
        <div className="mt-3 h-40 animate-pulse rounded-xl bg-surface-2" aria-hidden />
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('history.empty')}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-border">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} taskKind={entry.taskId ? (kindByTask.get(entry.taskId) ?? kindOfRpc(entry.note)) || null : null} />
            ))}
          </ul>
          {history.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" size="sm" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {t('history.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Sheet>
  );
}
