/**
 * Says so when this account got no welcome trial (credits.summary's `trial`): its device already
 * had one, or its network used its share. Shown where the trial is promised or missed (the start
 * page, the credits panel, the not-enough-credits popup), with what still works: signing up for
 * the verified e-mail bonus (guests), the daily check-in (accounts) and the plans.
 */
import { ANONYMOUS_TRIAL_CREDITS, VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { CHECK_IN_DAILY_CREDITS } from '@tessera/shared/rewards';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePopupStore } from '../popups/popupStore.ts';

/** The account's trial state, or null while unknown (no session, or still loading). */
export function useWelcomeTrial() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const enabled = viewer.status === 'anonymous' || viewer.status === 'signedIn';
  const { data } = useQuery({ ...trpc.credits.summary.queryOptions(), enabled, staleTime: 30_000, meta: { skipError: true } });
  return enabled && data?.trial ? { trial: data.trial, guest: viewer.status === 'anonymous' } : null;
}

/**
 * Nothing when the trial was granted (or unknown); else why not and what to do instead.
 * `onLeave` runs before a button takes the user elsewhere (a popup closes itself first).
 */
export function WelcomeTrialNote({
  className,
  onLeave,
  withPlans = true,
}: {
  className?: string;
  onLeave?: (to: 'sign_up' | 'check_in' | 'see_plans') => void;
  /** False where the plans are offered next to the note already (the upgrade popup). */
  withPlans?: boolean;
}) {
  const { t } = useTranslation('credits');
  const to = useLocalizedPath();
  const open = usePopupStore((s) => s.open);
  const state = useWelcomeTrial();
  if (!state || state.trial === 'granted') return null;
  const { trial, guest } = state;
  return (
    <div
      role="note"
      className={cn('flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface-2/60 p-4 text-start text-sm', className)}
      data-testid="welcome-trial-note"
      data-trial={trial}
    >
      <p className="flex items-start gap-2 font-medium">
        <Info size={16} className="mt-0.5 shrink-0 text-accent-fg" aria-hidden />
        <span>{t(`welcome.${trial}`, { trial: ANONYMOUS_TRIAL_CREDITS })}</span>
      </p>
      <p className="text-muted">
        {guest ? t('welcome.guestOptions', { bonus: VERIFIED_EMAIL_BONUS_CREDITS, daily: CHECK_IN_DAILY_CREDITS }) : t('welcome.memberOptions', { daily: CHECK_IN_DAILY_CREDITS })}
      </p>
      <div className="flex flex-wrap gap-2">
        {guest ? (
          <Button
            size="sm"
            onClick={() => {
              onLeave?.('sign_up');
              open('signUp');
            }}
            data-testid="welcome-sign-up"
          >
            {t('welcome.signUp', { bonus: VERIFIED_EMAIL_BONUS_CREDITS })}
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={() => {
              onLeave?.('check_in');
              open('checkIn');
            }}
            data-testid="welcome-check-in"
          >
            {t('welcome.checkIn')}
          </Button>
        )}
        {withPlans && (
          <Button asChild size="sm" variant="outline">
            <Link to={to('/pricing')} onClick={() => onLeave?.('see_plans')} data-testid="welcome-plans">
              {t('welcome.plans')}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
