/**
 * §2 project choose widget: pick one of your projects (those shared with you included) or start
 * a new one. The pick becomes the selected project and is announced on window under the
 * caller's `onChooseKey`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { GuestGate } from '../generate/GuestGate.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { type ProjectCardData, ProjectCards } from './ProjectCards.tsx';
import { readSelectedProject, writeSelectedProject } from './selectedProject.ts';

/** Fired on window when a project is picked; callers listen for their `onChooseKey`. */
export const PROJECT_CHOSEN_EVENT = 'tessera:project-chosen';
export type ProjectChosenDetail = { key: string | undefined; project: ProjectCardData };

export default function ProjectChooseDialog() {
  const { t } = useTranslation('popups');
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  if (current?.name !== 'projectChoose') return null;
  const key = current.props.onChooseKey;

  function choose(project: ProjectCardData) {
    writeSelectedProject(project.id);
    close();
    window.dispatchEvent(new CustomEvent<ProjectChosenDetail>(PROJECT_CHOSEN_EVENT, { detail: { key, project } }));
  }

  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={t('projectChoose.title')} description={t('projectChoose.text')} className="max-h-[92vh] overflow-y-auto sm:max-w-3xl">
      <div className="flex flex-col gap-4" data-testid="project-choose-popup">
        {/* A visitor without a session first continues as a guest or signs up (projects need a session). */}
        <GuestGate>
          <ChooseBody onChoose={choose} onCancel={close} />
        </GuestGate>
      </div>
    </Dialog>
  );
}

function ChooseBody({ onChoose, onCancel }: { onChoose(project: ProjectCardData): void; onCancel(): void }) {
  const { t } = useTranslation('popups');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const list = useQuery({ ...trpc.project.list.queryOptions(), enabled: viewer.status === 'signedIn' || viewer.status === 'anonymous' });
  const create = useMutation(
    trpc.project.create.mutationOptions({
      onSuccess: (project) => {
        void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
        onChoose(project);
      },
    }),
  );

  return (
    <>
      <ProjectCards
        projects={list.data ?? []}
        loading={list.isPending}
        onSelect={onChoose}
        selectedId={readSelectedProject()}
        className="sm:grid-cols-3 lg:grid-cols-3"
        empty={
          <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed border-border p-8 text-center" data-testid="project-choose-empty">
            <p className="text-sm font-medium">{t('projectChoose.empty')}</p>
          </div>
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          {t('projectChoose.cancel')}
        </Button>
        <Button loading={create.isPending} onClick={() => create.mutate({})} data-testid="project-create">
          <FolderPlus size={16} aria-hidden /> {t('projectChoose.create')}
        </Button>
      </div>
    </>
  );
}
