/**
 * The dialogs behind a project's menu: name (new project, rename), delete and leave
 * confirmations, and sharing. Failed calls reach the app's error reactions (a toast with the
 * server's message); successes refresh every project query.
 */
import { PROJECT_NAME_MAX } from '@tessera/shared/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Input, Label } from '../../components/ui/Input.tsx';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { toast } from '../../lib/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import type { ProjectCardData } from './ProjectCards.tsx';
import type { ProjectAction } from './projectActions.ts';
import { forgetSelectedProject } from './selectedProject.ts';
import { ShareDialog } from './ShareDialog.tsx';
import { expectProjectGone } from './useProjectEvents.ts';

/** A menu action that needs a dialog (open and duplicate do not). */
export type ProjectDialogAction = Extract<ProjectAction, 'rename' | 'share' | 'delete' | 'leave'>;
export interface ProjectDialogTarget {
  action: ProjectDialogAction;
  project: Pick<ProjectCardData, 'id' | 'name'>;
}

export function ProjectActionDialogs({
  target,
  onClose,
  onGone,
}: {
  target: ProjectDialogTarget | null;
  onClose(): void;
  /** The caller no longer has the project (deleted it or left it). */
  onGone?(projectId: string): void;
}) {
  if (!target) return null;
  const { action, project } = target;
  switch (action) {
    case 'rename':
      return <RenameProjectDialog key={project.id} project={project} onClose={onClose} />;
    case 'share':
      return <ShareDialog projectId={project.id} onOpenChange={(open) => !open && onClose()} onLeft={() => onGone?.(project.id)} />;
    case 'delete':
    case 'leave':
      return <ConfirmProjectDialog key={`${action}:${project.id}`} action={action} project={project} onClose={onClose} onGone={onGone} />;
  }
}

/** A project name form (new project or rename); an empty name for a new project means the server's default. */
export function ProjectNameDialog({
  title,
  submitLabel,
  initialName = '',
  required,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Rename needs a name; a new project may go without. */
  required: boolean;
  pending: boolean;
  onSubmit(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('projects');
  const id = useId();
  const [name, setName] = useState(initialName);
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (required && !trimmed) {
      setInvalid(true);
      return;
    }
    onSubmit(trimmed);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form className="flex flex-col gap-4" onSubmit={submit} data-testid="project-name-form" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>{t('name.label')}</Label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setInvalid(false);
            }}
            maxLength={PROJECT_NAME_MAX}
            placeholder={required ? undefined : t('name.placeholder')}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            data-testid="project-name-input"
          />
          {invalid && (
            <p id={`${id}-error`} className="text-xs text-danger" role="alert">
              {t('name.required')}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="project-name-submit">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RenameProjectDialog({ project, onClose }: { project: ProjectDialogTarget['project']; onClose(): void }) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rename = useMutation(
    trpc.project.rename.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.project.pathKey() });
        onClose();
      },
    }),
  );
  return (
    <ProjectNameDialog
      title={t('rename.title')}
      submitLabel={t('rename.submit')}
      initialName={project.name}
      required
      pending={rename.isPending}
      onSubmit={(name) => (name === project.name ? onClose() : rename.mutate({ id: project.id, name }))}
      onClose={onClose}
    />
  );
}

function ConfirmProjectDialog({
  action,
  project,
  onClose,
  onGone,
}: {
  action: 'delete' | 'leave';
  project: ProjectDialogTarget['project'];
  onClose(): void;
  onGone?: ((projectId: string) => void) | undefined;
}) {
  const { t } = useTranslation('projects');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const done = () => {
    forgetSelectedProject(project.id);
    toast.success(t(`${action}.done`, { name: project.name }), { duration: TOAST_DURATION_MS });
    onClose();
    onGone?.(project.id);
    // Its own queries would only answer "not found" now.
    queryClient.removeQueries({ queryKey: trpc.project.get.queryKey({ id: project.id }) });
    void queryClient.invalidateQueries({ queryKey: trpc.project.list.queryKey() });
  };
  // The server tells every member, me included: my own dialog already says it.
  const quiet = () => expectProjectGone(project.id);
  const remove = useMutation(trpc.project.delete.mutationOptions({ onMutate: quiet, onSuccess: done }));
  const leave = useMutation(trpc.project.leave.mutationOptions({ onMutate: quiet, onSuccess: done }));
  const pending = remove.isPending || leave.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(`${action}.title`, { name: project.name })}>
      <div className="flex flex-col gap-4" data-testid={`project-${action}-confirm`}>
        <p className="text-sm text-muted">{t(`${action}.text`)}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={pending}
            onClick={() => (action === 'delete' ? remove.mutate({ id: project.id }) : leave.mutate({ projectId: project.id }))}
            data-testid={`project-${action}-submit`}
          >
            {t(`${action}.submit`)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
