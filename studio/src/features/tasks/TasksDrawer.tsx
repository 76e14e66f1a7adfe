/** The tasks drawer: what runs now (live), how much of the parallel limit is in use, what finished. */
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../components/ui/Sheet.tsx';
import { usePanelStore } from '../popups/panelStore.ts';
import { ActiveTasks, ConcurrencyLine, FinishedTasks } from './TaskLists.tsx';

export default function TasksDrawer() {
  const { t } = useTranslation('tasks');
  const open = usePanelStore((s) => s.open === 'tasks');
  const hide = usePanelStore((s) => s.hide);
  return (
    <Sheet open={open} onOpenChange={(o) => !o && hide()} title={t('title')} testId="tasks-drawer">
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('active.title')}</h3>
        <ConcurrencyLine />
        <ActiveTasks />
      </section>
      <section className="mt-8 flex flex-col gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('finished.title')}</h3>
        <FinishedTasks onNavigate={hide} />
      </section>
    </Sheet>
  );
}
