/** §2 subscription popup: the plan cards in a dialog (loaded with the pricing texts when opened). */
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
      className="max-h-[90vh] max-w-5xl overflow-y-auto"
    >
      <div data-testid="subscription-popup">
        <PlanCards compact initialPeriod={isOpen ? (current.props.period ?? 'monthly') : 'monthly'} onLeave={close} />
      </div>
    </Dialog>
  );
}
