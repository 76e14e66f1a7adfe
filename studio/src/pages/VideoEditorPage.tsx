/**
 * /app/video-editor: the video editor's own entry (issue 22). The editor is the timeline of a
 * project's canvas, so this opens the project the visitor last worked in (or their default one)
 * with the timeline already open, instead of a new empty project per visit (docs/decisions.md).
 */
import { canEdit } from '@tessera/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { useViewer } from '../features/auth/useViewer.ts';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { projectCanvasPath } from '../features/projects/ProjectCards.tsx';
import { readSelectedProject } from '../features/projects/selectedProject.ts';
import { SampleFigure } from '../features/showcase/SampleMedia.tsx';
import { useTRPC } from '../lib/trpc.ts';

export function VideoEditorPage() {
  const { t } = useTranslation(['common', 'home']);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10" data-testid="page-video-editor">
      <title>{`${t('nav.videoEditor')} · Tessera`}</title>
      <h1 className="text-3xl font-bold">{t('nav.videoEditor')}</h1>
      <p className="mt-2 text-muted">{t('home:kinds.videoEditor.text')}</p>
      <GuestGate>
        <OpenEditor />
      </GuestGate>
      <SampleFigure id="videoEditor" className="mt-8" />
    </main>
  );
}

/** Picks the project and goes to its canvas with `?timeline=1` (CanvasPage opens the dock). */
function OpenEditor() {
  const { t } = useTranslation('common');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const viewer = useViewer();
  const list = useQuery({ ...trpc.project.list.queryOptions(), enabled: viewer.status === 'signedIn' || viewer.status === 'anonymous' });
  const selected = readSelectedProject();
  const editable = list.data?.filter((project) => canEdit(project.role)) ?? [];
  // The list always holds the default project (the server creates it on the first visit).
  const target = editable.find((project) => project.id === selected) ?? editable.find((project) => project.isDefault) ?? editable[0];

  useEffect(() => {
    if (target) void navigate(`${to(projectCanvasPath(target.id))}?timeline=1`, { replace: true });
  }, [navigate, target, to]);

  if (list.isError) {
    return (
      <p className="mt-6 text-sm" role="alert">
        <Link className="text-accent-fg underline" to={to('/app/projects')}>
          {t('nav.projects')}
        </Link>
      </p>
    );
  }
  return (
    <p className="mt-6 text-sm text-muted" role="status">
      {t('showcase.openingEditor')}
    </p>
  );
}
