/** §2 discount popup: the yearly-billing saving, leading to the yearly plans. */
import { useQuery } from '@tanstack/react-query';
import { BadgePercent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../app/useLanguage.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { yearlySavingPercent } from './PlanCards.tsx';
import { APP_NAME } from './useBillingState.ts';

export default function DiscountDialog() {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const isOpen = usePopupStore((s) => s.current?.name === 'discount');
  const close = usePopupStore((s) => s.close);
  const catalogue = useQuery({ ...trpc.billing.catalogue.queryOptions({ appName: APP_NAME }), enabled: isOpen, meta: { skipError: true } });
  const percent = catalogue.data ? yearlySavingPercent(catalogue.data.products) : 0;

  return (
    <Dialog
      open={isOpen && catalogue.isSuccess && percent > 0}
      onOpenChange={(o) => !o && close()}
      title={t('discount.title', { percent })}
      description={t('discount.text')}
    >
      <div className="flex flex-col items-center gap-5 text-center" data-testid="discount-popup">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-accent/15 text-accent-fg">
          <BadgePercent size={28} aria-hidden />
        </span>
        <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            {t('discount.later')}
          </Button>
          <Button
            onClick={() => {
              close();
              void navigate(`${to('/pricing')}?period=yearly`);
            }}
          >
            {t('discount.cta')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
