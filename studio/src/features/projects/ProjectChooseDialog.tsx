/**
 * §2 project choose widget: pick one of your projects or start a new one. Projects arrive with
 * canvas mode (the server has no projects call yet), so for now the list is empty and creating
 * is off, and the popup says so.
 */
import { FolderPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { type ProjectCardData, ProjectCards } from './ProjectCards.tsx';

/** Fired on window when a project is picked; callers listen for their `onChooseKey`. */
export const PROJECT_CHOSEN_EVENT = 'tessera:project-chosen';
export type ProjectChosenDetail = { key: string | undefined; project: ProjectCardData };

/** The caller's projects; empty until the projects call lands with canvas mode. */
const PROJECTS: readonly ProjectCardData[] = [];

export default function ProjectChooseDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  if (current?.name !== 'projectChoose') return null;
  const key = current.props.onChooseKey;

  function choose(project: ProjectCardData) {
    close();
    window.dispatchEvent(new CustomEvent<ProjectChosenDetail>(PROJECT_CHOSEN_EVENT, { detail: { key, project } }));
  }

  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('projectChoose.title')} description={t('projectChoose.text')} className="sm:max-w-3xl">
      <div className="flex flex-col gap-4" data-testid="project-choose-popup">
        <ProjectCards
          projects={PROJECTS}
          onSelect={choose}
          className="sm:grid-cols-3 lg:grid-cols-3"
          empty={
            <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border p-8 text-center" data-testid="project-choose-empty">
              <p className="text-sm font-medium">{t('projectChoose.empty')}</p>
              <p className="max-w-sm text-sm text-muted" data-testid="project-choose-unavailable">
                {t('projectChoose.unavailable')}
              </p>
            </div>
          }
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={close}>
            {t('projectChoose.cancel')}
          </Button>
          <Button disabled data-testid="project-create">
            <FolderPlus size={16} aria-hidden /> {t('projectChoose.create')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
