/** §8 "Parallel task limit reached": explains the limit and shows what is running, with cancel. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePanelStore } from '../popups/panelStore.ts';
import { usePopupStore } from '../popups/popupStore.ts';
import { ActiveTasks, ConcurrencyLine } from './TaskLists.tsx';

export default function ConcurrencyDialog() {
  const { t } = useTranslation('tasks');
  const { current, close } = usePopupStore();
  const show = usePanelStore((s) => s.show);
  return (
    <Dialog open={current?.name === 'concurrency'} onOpenChange={(o) => !o && close()} title={t('limit.title')} description={t('limit.text')} className="sm:max-w-lg">
      <div className="flex flex-col gap-4" data-testid="concurrency-popup">
        <ConcurrencyLine />
        <ActiveTasks />
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              close();
              show('tasks');
            }}
          >
            {t('limit.openTasks')}
          </Button>
          <Button size="sm" onClick={close}>
            {t('limit.ok')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
