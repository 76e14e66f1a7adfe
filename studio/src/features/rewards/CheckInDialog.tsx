/**
 * The check-in popup (§2): this streak week's seven days, the streak, and one button that checks
 * in for the server's UTC day. The server makes it idempotent, so double clicks and other tabs
 * get "granted 0" and the same checked-in state.
 */
import { CHECK_IN_DAILY_CREDITS, CHECK_IN_STREAK_CREDITS, CHECK_IN_STREAK_DAYS, type CheckInState } from '@tessera/shared/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Check, Coins } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { RewardsSignUpPrompt } from './RewardsSignUpPrompt.tsx';

/** Index (0-6) of today in the week strip: the day today's check-in makes (or made). */
function todayIndex(state: CheckInState): number {
  const todayStreak = state.checkedInToday ? state.streak : state.streak + 1;
  return (todayStreak - 1) % CHECK_IN_STREAK_DAYS;
}

export default function CheckInDialog() {
  const { t } = useTranslation('rewards');
  const { current, close } = usePopupStore();
  const viewer = useViewer();
  return (
    <Dialog
      open={current?.name === 'checkIn'}
      onOpenChange={(o) => !o && close()}
      title={t('checkIn.title')}
      description={t('checkIn.text', { daily: CHECK_IN_DAILY_CREDITS, streakCredits: CHECK_IN_STREAK_CREDITS, days: CHECK_IN_STREAK_DAYS })}
      className="sm:max-w-lg"
    >
      {viewer.status === 'signedIn' ? <CheckInBody /> : viewer.status === 'loading' ? <BodySkeleton /> : <RewardsSignUpPrompt className="p-6" />}
    </Dialog>
  );
}

function BodySkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy data-testid="check-in-loading">
      <div className="grid grid-cols-7 gap-1.5">
        {Array.from({ length: CHECK_IN_STREAK_DAYS }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-surface-2" />
        ))}
      </div>
      <div className="h-12 animate-pulse rounded-lg bg-surface-2" />
    </div>
  );
}

function CheckInBody() {
  const { t } = useTranslation('rewards');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery({ ...trpc.checkIn.get.queryOptions(), meta: { skipError: true } });
  const [granted, setGranted] = useState<number | null>(null);
  const checkIn = useMutation(
    trpc.checkIn.checkIn.mutationOptions({
      onSuccess: ({ granted: credits, ...next }) => {
        queryClient.setQueryData(trpc.checkIn.get.queryKey(), next);
        setGranted(credits);
        void queryClient.invalidateQueries({ queryKey: trpc.mission.pathKey() });
      },
    }),
  );

  if (state.isPending) return <BodySkeleton />;
  if (state.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="alert" data-testid="check-in-error">
        <p className="text-sm text-muted">{t('loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const data = state.data;
  const today = todayIndex(data);
  return (
    <div className="flex flex-col gap-5" data-testid="check-in-popup">
      <ol className="grid grid-cols-7 gap-1.5" aria-label={t('checkIn.week')}>
        {data.week.map((d, i) => {
          const isToday = i === today;
          return (
            <li
              key={d.day}
              className={cn(
                'flex flex-col items-center gap-1 rounded-lg border px-0.5 py-2 text-center',
                d.done ? 'border-accent/50 bg-accent/15' : 'border-border bg-surface-2',
                isToday && 'ring-2 ring-accent',
              )}
              aria-current={isToday ? 'date' : undefined}
              data-testid="check-in-day"
              data-done={d.done || undefined}
            >
              <span className="text-[11px] text-muted">{isToday ? t('checkIn.today') : t('checkIn.day', { day: d.day })}</span>
              <span className={cn('flex h-7 w-7 items-center justify-center rounded-full', d.done ? 'bg-accent text-white' : 'bg-bg text-accent-2')}>
                {d.done ? <Check size={14} aria-hidden /> : <Coins size={14} aria-hidden />}
              </span>
              <span className="text-xs font-semibold tabular-nums">+{d.credits}</span>
              <span className="sr-only">{d.done ? t('checkIn.done') : t('checkIn.notDone')}</span>
            </li>
          );
        })}
      </ol>

      <div className="flex items-center justify-between gap-3 rounded-lg bg-surface-2 px-4 py-3">
        <span className="flex items-center gap-2 text-sm text-muted">
          <CalendarCheck size={16} className="text-accent-fg" aria-hidden />
          {t('checkIn.streak')}
        </span>
        <span className="text-sm font-semibold tabular-nums" data-testid="check-in-streak">
          {data.streak}
        </span>
      </div>

      {granted !== null && granted > 0 && (
        <p className="text-center text-2xl font-bold text-gradient" role="status" data-testid="check-in-granted">
          {t('checkIn.granted', { credits: granted })}
        </p>
      )}

      {data.checkedInToday ? (
        <Button size="lg" disabled data-testid="check-in-done">
          <Check size={16} aria-hidden /> {t('checkIn.checkedIn')}
        </Button>
      ) : (
        <Button size="lg" loading={checkIn.isPending} onClick={() => checkIn.mutate()} data-testid="check-in-button">
          {t('checkIn.button', { credits: data.todayCredits })}
        </Button>
      )}
      <p className="text-center text-xs text-muted">{t('checkIn.utcNote')}</p>
    </div>
  );
}
