/**
 * §2 subscription popup: the plan cards in a dialog (loaded with the pricing texts when opened).
 * The dialog widens with the screen (two columns on a tablet, three on a desktop); the base
 * dialog's max-w-md is overridden at breakpoints, since the class names join rather than merge.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { PlanCards } from './PlanCards.tsx';

export default function SubscriptionDialog() {
  const { t } = useTranslation('common');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const isOpen = current?.name === 'subscription';
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(o) => !o && close()}
      title={t('subscriptionPopup.title')}
      description={t('subscriptionPopup.text')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl lg:max-w-5xl"
    >
      <div data-testid="subscription-popup">
        <PlanCards compact initialPeriod={isOpen ? (current.props.period ?? 'monthly') : 'monthly'} onLeave={close} />
      </div>
    </Dialog>
  );
}
