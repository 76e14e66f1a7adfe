/**
 * The upgrade-plan popup (§2): why a paid plan is needed here (one text per infoType, or the
 * credits shortfall), and the way to the plans. Closing it emits `upgrade_popup_close` with the
 * infoType (§4 "Closing the upgrade-plan modal emits close events").
 */
import { VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { track } from '../../lib/analytics/tracker.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { useWelcomeTrial, WelcomeTrialNote } from '../credits/WelcomeTrialNote.tsx';
import { usePanelStore } from './panelStore.ts';
import { usePopupStore } from './popupStore.ts';

export function UpgradePlanDialog() {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const viewer = useViewer();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { current, close, open } = usePopupStore();
  const show = usePanelStore((s) => s.show);
  const isOpen = current?.name === 'upgradePlan';
  const infoType = isOpen ? current.props.infoType : undefined;
  const credits = isOpen && current.props.reason === 'credits';
  const hasSession = viewer.status === 'anonymous' || viewer.status === 'signedIn';
  const summary = useQuery({ ...trpc.credits.summary.queryOptions(), enabled: isOpen && hasSession, meta: { skipError: true } });
  // No welcome trial for this device: the note says why and offers sign-up, check-in and plans.
  const welcome = useWelcomeTrial();
  const noTrial = credits && (welcome?.trial ?? 'granted') !== 'granted';

  /** Closes the popup and says how, for the data layer. */
  function dismiss(action: 'close' | 'see_plans' | 'history' | 'sign_up' | 'check_in') {
    track('upgrade_popup_close', { info_type: infoType ?? (credits ? 'credits' : 'none') }, { dataLayer: { reason: credits ? 'credits' : null, action } });
    close();
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(o) => !o && dismiss('close')}
      title={credits ? t('upgrade.creditsTitle') : t('upgrade.title')}
      description={credits ? t('upgrade.creditsText', { remaining: summary.data?.remaining ?? 0 }) : t('upgrade.text')}
    >
      <div className="flex flex-col gap-3" data-testid="upgrade-popup" data-info-type={infoType}>
        {credits && <WelcomeTrialNote onLeave={dismiss} withPlans={false} />}
        <p className="text-sm text-muted">{credits ? t('upgrade.creditsPlans') : infoType ? t(`upgrade.info.${infoType}`) : t('upgrade.plansText')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          {hasSession && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                dismiss('history');
                show('credits');
              }}
            >
              {t('upgrade.history')}
            </Button>
          )}
          {viewer.status !== 'signedIn' && !noTrial && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                // Leaving for the sign-up popup is a close too (§4): emit it before switching.
                dismiss('sign_up');
                open('signUp');
              }}
            >
              {t('upgrade.signUp', { credits: VERIFIED_EMAIL_BONUS_CREDITS })}
            </Button>
          )}
          <Button
            size="sm"
            onClick={() => {
              dismiss('see_plans');
              void navigate(to('/pricing'));
            }}
            data-testid="upgrade-see-plans"
          >
            {t('upgrade.seePlans')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
