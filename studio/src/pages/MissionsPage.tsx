/**
 * /app/missions: ways to earn credits (§1, §8) — missions with their progress and a claim button,
 * plus the daily check-in and inviting friends, which open their popups. Rewards need an e-mail
 * account, so anonymous visitors are invited to sign up.
 */
import type { MissionDto } from '@tessera/shared/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Check, Coins, CreditCard, ImagePlus, MailCheck, Sparkles, Target, UserPlus, Wand2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../lib/toast.tsx';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { cn } from '../components/ui/cn.ts';
import { useViewer } from '../features/auth/useViewer.ts';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { RewardsSignUpPrompt } from '../features/rewards/RewardsSignUpPrompt.tsx';
import { TOAST_DURATION_MS } from '../lib/site.ts';
import { useTRPC } from '../lib/trpc.ts';

/** Missions the studio has words and an icon for; a key the server adds later gets the generic ones. */
const KNOWN: Record<string, LucideIcon> = {
  verify_email: MailCheck,
  first_image: ImagePlus,
  three_tools: Wand2,
  invite_friend: UserPlus,
  check_in_week: CalendarCheck,
  first_subscription: CreditCard,
  daily_create: Sparkles,
};

export function MissionsPage() {
  const { t } = useTranslation('rewards');
  const viewer = useViewer();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <title>{t('meta.title')}</title>
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('subtitle')}</p>
      {viewer.status === 'loading' ? (
        <MissionsSkeleton />
      ) : viewer.status === 'signedIn' ? (
        <>
          <QuickActions />
          <MissionList />
        </>
      ) : (
        <RewardsSignUpPrompt className="mt-10 p-10" />
      )}
    </main>
  );
}

function MissionsSkeleton() {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2" aria-busy data-testid="missions-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="h-44 animate-pulse rounded-[var(--radius-card)] bg-surface" />
      ))}
    </ul>
  );
}

function QuickActions() {
  const { t } = useTranslation('rewards');
  const trpc = useTRPC();
  const open = usePopupStore((s) => s.open);
  const checkIn = useQuery({ ...trpc.checkIn.get.queryOptions(), staleTime: 60_000, meta: { skipError: true } });
  const pending = checkIn.data && !checkIn.data.checkedInToday;
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button variant="outline" onClick={() => open('checkIn')} data-testid="missions-check-in">
        <CalendarCheck size={16} aria-hidden /> {t('menu.checkIn')}
        {pending && <span className="h-2 w-2 rounded-full bg-accent-2" aria-label={t('menu.checkInPending')} />}
      </Button>
      <Button variant="outline" onClick={() => open('referFriend')} data-testid="missions-invite">
        <UserPlus size={16} aria-hidden /> {t('menu.invite')}
      </Button>
    </div>
  );
}

function MissionList() {
  const { t } = useTranslation('rewards');
  const trpc = useTRPC();
  const missions = useQuery({ ...trpc.mission.list.queryOptions(), meta: { skipError: true } });

  if (missions.isPending) return <MissionsSkeleton />;
  if (missions.isError) {
    return (
      <section className="mt-10 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-10 text-center" role="alert" data-testid="missions-error">
        <p className="text-muted">{t('loadFailed')}</p>
        <Button variant="outline" onClick={() => void missions.refetch()}>
          {t('retry')}
        </Button>
      </section>
    );
  }
  if (missions.data.length === 0) {
    return (
      <section className="mt-10 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-10 text-center" data-testid="missions-empty">
        <Target className="text-muted" aria-hidden />
        <p className="max-w-md text-muted">{t('empty')}</p>
      </section>
    );
  }
  // Claimable first, then in progress, then claimed; the server's order within each.
  const rank = (m: MissionDto) => (m.completed && !m.claimed ? 0 : m.claimed ? 2 : 1);
  const sorted = [...missions.data].sort((a, b) => rank(a) - rank(b));
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2" data-testid="missions-list">
      {sorted.map((m) => (
        <li key={m.key}>
          <MissionCard mission={m} />
        </li>
      ))}
    </ul>
  );
}

function MissionCard({ mission: m }: { mission: MissionDto }) {
  const { t } = useTranslation('rewards');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const to = useLocalizedPath();
  const open = usePopupStore((s) => s.open);
  const known = m.key in KNOWN;
  const Icon = KNOWN[m.key] ?? Target;
  const title = known ? t(`missions.${m.key}.title`, { target: m.target }) : t('missions.generic.title');
  const description = known ? t(`missions.${m.key}.description`, { target: m.target }) : t('missions.generic.description', { target: m.target });
  const percent = m.target > 0 ? Math.round((Math.min(m.progress, m.target) / m.target) * 100) : 0;
  const claim = useMutation(
    trpc.mission.claim.mutationOptions({
      onSuccess: ({ credits, missions }) => {
        queryClient.setQueryData(trpc.mission.list.queryKey(), missions);
        toast.success(t('claimed', { credits }), { duration: TOAST_DURATION_MS });
      },
      // Already claimed elsewhere, or no longer complete: show the truth (the error toast says why).
      onError: () => void queryClient.invalidateQueries({ queryKey: trpc.mission.list.queryKey() }),
    }),
  );

  const action = (() => {
    if (m.claimed) {
      return (
        <span className="inline-flex h-8 items-center gap-1.5 text-sm font-medium text-success" data-testid="mission-claimed">
          <Check size={14} aria-hidden /> {t('card.claimed')}
        </span>
      );
    }
    if (m.completed) {
      return (
        <Button size="sm" loading={claim.isPending} onClick={() => claim.mutate({ key: m.key })} data-testid="mission-claim">
          {t('card.claim', { credits: m.credits })}
        </Button>
      );
    }
    if (m.key === 'check_in_week') {
      return (
        <Button size="sm" variant="outline" onClick={() => open('checkIn')}>
          {t('card.openCheckIn')}
        </Button>
      );
    }
    if (m.key === 'invite_friend') {
      return (
        <Button size="sm" variant="outline" onClick={() => open('referFriend')}>
          {t('card.openInvite')}
        </Button>
      );
    }
    if (m.key === 'first_image' || m.key === 'daily_create') {
      return (
        <Button size="sm" variant="outline" asChild>
          <Link to={to('/app/ai-image')}>{t('card.create')}</Link>
        </Button>
      );
    }
    if (m.key === 'three_tools') {
      return (
        <Button size="sm" variant="outline" asChild>
          <Link to={to('/app/ai-tools')}>{t('card.tools')}</Link>
        </Button>
      );
    }
    return null;
  })();

  return (
    <article
      className={cn('flex h-full flex-col gap-3 rounded-[var(--radius-card)] border bg-surface p-5', m.completed && !m.claimed ? 'border-accent/60' : 'border-border')}
      data-testid={`mission-${m.key}`}
      data-completed={m.completed || undefined}
      data-claimed={m.claimed || undefined}
      aria-labelledby={`mission-${m.key}-title`}
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-fg">
          <Icon size={18} aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`mission-${m.key}-title`} className="font-semibold">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-semibold tabular-nums" title={t('card.reward')}>
          <Coins size={12} className="text-accent-2" aria-hidden />+{m.credits}
          <span className="sr-only">{t('card.reward')}</span>
        </span>
      </div>
      <div className="mt-auto flex flex-col gap-1.5">
        <div
          className="h-2 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={m.target}
          aria-valuenow={Math.min(m.progress, m.target)}
          aria-label={t('card.progressLabel', { title })}
        >
          <div className="h-full rounded-full bg-gradient-to-r from-accent to-accent-2 transition-all" style={{ width: `${percent}%` }} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-muted tabular-nums" data-testid="mission-progress">
            {t('card.progress', { progress: Math.min(m.progress, m.target), target: m.target })}
            {m.kind === 'daily' && <> · {t('card.resets')}</>}
          </span>
          {action}
        </div>
      </div>
    </article>
  );
}
