/**
 * The upgrade-plan popup (§2). Paid plans are not on sale yet, so it says so and offers what a
 * visitor can do today: sign up for the verified e-mail bonus, or look at where credits went.
 */
import { VERIFIED_EMAIL_BONUS_CREDITS } from '@tessera/shared/credits';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { usePanelStore } from './panelStore.ts';
import { usePopupStore } from './popupStore.ts';

export function UpgradePlanDialog() {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const viewer = useViewer();
  const { current, close, open } = usePopupStore();
  const show = usePanelStore((s) => s.show);
  const isOpen = current?.name === 'upgradePlan';
  const credits = isOpen && current.props.reason === 'credits';
  const hasSession = viewer.status === 'anonymous' || viewer.status === 'signedIn';
  const summary = useQuery({ ...trpc.credits.summary.queryOptions(), enabled: isOpen && hasSession, meta: { skipError: true } });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(o) => !o && close()}
      title={credits ? t('upgrade.creditsTitle') : t('upgrade.title')}
      description={credits ? t('upgrade.creditsText', { remaining: summary.data?.remaining ?? 0 }) : t('upgrade.text')}
    >
      <div className="flex flex-col gap-3" data-testid="upgrade-popup">
        <p className="text-sm text-muted">{t('upgrade.plansSoon')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          {hasSession && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                close();
                show('credits');
              }}
            >
              {t('upgrade.history')}
            </Button>
          )}
          {viewer.status !== 'signedIn' ? (
            <Button size="sm" onClick={() => open('signUp')}>
              {t('upgrade.signUp', { credits: VERIFIED_EMAIL_BONUS_CREDITS })}
            </Button>
          ) : (
            <Button size="sm" onClick={close}>
              {t('upgrade.ok')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
