/** Header button: how many tasks are queued or running; opens the tasks drawer. */
import { ListChecks } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelStore } from '../popups/panelStore.ts';
import { useTaskList } from './useTaskList.ts';

const TasksDrawer = lazy(() => import('./TasksDrawer.tsx'));

export function TasksButton() {
  const { t } = useTranslation('common');
  const { enabled, active } = useTaskList();
  const open = usePanelStore((s) => s.open === 'tasks');
  const show = usePanelStore((s) => s.show);
  if (!enabled) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => show('tasks')}
        // On narrow screens the header is full: the button shows only while something runs.
        className={`relative h-9 items-center ${active.length ? 'inline-flex' : 'hidden sm:inline-flex'} gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-sm hover:border-accent`}
        aria-label={t('tasks.button', { count: active.length })}
        aria-haspopup="dialog"
        data-testid="tasks-button"
      >
        <ListChecks size={14} aria-hidden />
        <span className="hidden sm:inline">{t('tasks.label')}</span>
        {active.length > 0 && (
          <span className="rounded-full bg-accent px-1.5 text-xs font-semibold tabular-nums text-white" data-testid="tasks-count">
            {active.length}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <TasksDrawer />
        </Suspense>
      )}
    </>
  );
}
