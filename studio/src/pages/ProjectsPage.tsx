/**
 * /app/projects (§2 projects area): my projects and those shared with me, as cards leading to
 * their canvas, each with a menu to rename, duplicate, share, delete or leave it; "New project"
 * starts one and opens its canvas, "Start from a template" one holding a flow template's flow.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Layers } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { StartFromTemplate } from '../features/flow-templates/StartFromTemplate.tsx';
import { EmptyState } from '../features/landing/landingUi.tsx';
import { type ProjectDialogTarget, ProjectActionDialogs, ProjectNameDialog } from '../features/projects/ProjectActionDialogs.tsx';
import { type ProjectCardData, ProjectCards, projectCanvasPath } from '../features/projects/ProjectCards.tsx';
import type { ProjectAction } from '../features/projects/projectActions.ts';
import { readSelectedProject, writeSelectedProject } from '../features/projects/selectedProject.ts';
import { TOAST_DURATION_MS } from '../lib/site.ts';
import { toast } from '../lib/toast.tsx';
import { useTRPC } from '../lib/trpc.ts';

export function ProjectsPage() {
  const { t } = useTranslation('pages');
  return (
    <main className="mx-auto max-w-7xl px-4 py-10" data-testid="page-projects">
      <title>{t('projects.meta.title')}</title>
      <meta name="description" content={t('projects.meta.description')} />
      <h1 className="text-3xl font-bold">{t('projects.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t('projects.subtitle')}</p>
      <GuestGate>
        <ProjectsList />
      </GuestGate>
    </main>
  );
}

function ProjectsList() {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const viewer = useViewer();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<ProjectDialogTarget | null>(null);
  const [selectedId, setSelectedId] = useState(readSelectedProject);
  const list = useQuery({ ...trpc.project.list.queryOptions(), enabled: viewer.status === 'signedIn' || viewer.status === 'anonymous' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });

  const open = (project: Pick<ProjectCardData, 'id'>) => {
    writeSelectedProject(project.id);
    setSelectedId(project.id);
  };
  const create = useMutation(
    trpc.project.create.mutationOptions({
      onSuccess: (project) => {
        refresh();
        setCreating(false);
        open(project);
        void navigate(to(projectCanvasPath(project.id)));
      },
    }),
  );
  const duplicate = useMutation(
    trpc.project.duplicate.mutationOptions({
      onSuccess: (copy) => {
        refresh();
        toast.success(t('duplicate.done', { name: copy.name }), { duration: TOAST_DURATION_MS });
      },
    }),
  );

  function onAction(action: ProjectAction, project: ProjectCardData) {
    if (action === 'open') return;
    if (action === 'duplicate') duplicate.mutate({ id: project.id });
    else setTarget({ action, project });
  }

  const newProject = (
    <Button onClick={() => setCreating(true)} data-testid="project-new">
      <FolderPlus size={16} aria-hidden /> {t('new.button')}
    </Button>
  );
  const projects = list.data ?? [];
  // A project that left the list (deleted, or I was removed, elsewhere) takes its dialog along.
  if (target && list.data && !projects.some((p) => p.id === target.project.id)) setTarget(null);

  return (
    <>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite" data-testid="project-count">
          {list.data ? t('count', { count: projects.length }) : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <StartFromTemplate projectId={selectedId && projects.some((p) => p.id === selectedId) ? selectedId : (projects[0]?.id ?? null)} />
          {newProject}
        </div>
      </div>
      {list.isError ? (
        <EmptyState icon={Layers} title={t('error.title')} text={t('error.text')} testId="projects-error" className="mt-6">
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('error.retry')}
          </Button>
        </EmptyState>
      ) : (
        <ProjectCards
          className="mt-6"
          projects={projects}
          loading={list.isPending}
          selectedId={selectedId}
          onOpen={open}
          onAction={onAction}
          empty={
            <EmptyState icon={Layers} title={t('empty.title')} text={t('empty.text')} testId="projects-empty" className="mt-6">
              {newProject}
            </EmptyState>
          }
        />
      )}
      {creating && (
        <ProjectNameDialog
          title={t('new.title')}
          submitLabel={t('new.submit')}
          required={false}
          pending={create.isPending}
          onSubmit={(name) => create.mutate(name ? { name } : {})}
          onClose={() => setCreating(false)}
        />
      )}
      <ProjectActionDialogs
        target={target}
        onClose={() => setTarget(null)}
        onGone={(id) => {
          if (id === selectedId) setSelectedId(null);
        }}
      />
    </>
  );
}
