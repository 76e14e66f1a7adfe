/**
 * A project's canvas (`/app/canvas/:projectId`): the Konva engine on the project's live Yjs
 * document, with the header (name, who is here, share, credits), the toolbar, contextual
 * generation actions, and the Inspector / Queue / Chat panel. Full-window, over the site's
 * header: the canvas needs every pixel. This page's chunk carries konva, yjs and the Hocuspocus
 * provider; nothing else loads them.
 */
import { canEdit, type ProjectDto, zProjectId } from '@tessera/shared/projects';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Lock, RefreshCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../app/useLanguage.ts';
import { Button } from '../components/ui/Button.tsx';
import { Spinner } from '../components/ui/Spinner.tsx';
import { useViewer } from '../features/auth/useViewer.ts';
import { exportFrame } from '../features/canvas/engine/exportFrame.ts';
import { ActionCard } from '../features/canvas/ui/ActionCard.tsx';
import { OfflineBanner, EmptyHint, ReadOnlyBanner } from '../features/canvas/ui/CanvasBanners.tsx';
import { CanvasHeader } from '../features/canvas/ui/CanvasHeader.tsx';
import { type CanvasSession, CanvasSessionContext } from '../features/canvas/ui/canvasSession.ts';
import { CanvasStage, type MountedCanvas } from '../features/canvas/ui/CanvasStage.tsx';
import { CanvasToolbar } from '../features/canvas/ui/CanvasToolbar.tsx';
import { useCanvasUi } from '../features/canvas/ui/canvasUiStore.ts';
import { MediaDrop } from '../features/canvas/ui/MediaDrop.tsx';
import { FailedPlaceholderActions } from '../features/canvas/ui/FailedPlaceholderActions.tsx';
import { NodeActionBar } from '../features/canvas/ui/NodeActionBar.tsx';
import { colorForUser } from '../features/canvas/ui/presenceList.ts';
import { ShortcutsDialog } from '../features/canvas/ui/ShortcutsDialog.tsx';
import { SidePanel, SidePanelSheet } from '../features/canvas/ui/SidePanel.tsx';
import { TextEditor } from '../features/canvas/ui/TextEditor.tsx';
import { useCollabDocument } from '../features/canvas/ui/useCollabDocument.ts';
import { useIsWide } from '../features/canvas/ui/useIsWide.ts';
import { useProjectRoom } from '../features/canvas/ui/useProjectRoom.ts';
import { useProjectTasks } from '../features/canvas/ui/useProjectTasks.ts';
// Flows on the canvas (issue 24): their cards, wires and toolbar over the stage.
import { FlowLayer } from '../features/flows/FlowLayer.tsx';
import { useEditorToggleShortcut } from '../features/editor/EditorToggle.tsx';
import { useEditorStore } from '../features/editor/editorStore.ts';
import { GuestGate } from '../features/generate/GuestGate.tsx';
import { usePopupStore } from '../features/popups/popupStore.ts';
import { writeSelectedProject } from '../features/projects/selectedProject.ts';
import { authClient } from '../lib/authClient.ts';
import { useTRPC } from '../lib/trpc.ts';

/** The timeline editor (issue 9): its own chunk, loaded when the dock first opens. */
const TimelineDock = lazy(() => import('../features/editor/TimelineDock.tsx'));

/** Full window, above the site header (z-30) and below dialogs (their overlay portals come later in the DOM). */
const SCREEN = 'fixed inset-0 z-40 flex flex-col bg-bg';

export function CanvasPage() {
  const { projectId = '' } = useParams();
  const { t } = useTranslation('canvas');
  const viewer = useViewer();
  const valid = zProjectId.safeParse(projectId).success;
  return (
    <>
      <title>{t('meta.title')}</title>
      {viewer.status === 'signedIn' || viewer.status === 'anonymous' ? (
        valid ? (
          <CanvasProject key={projectId} projectId={projectId} />
        ) : (
          <NoAccess reason="forbidden" />
        )
      ) : (
        <main className="mx-auto max-w-3xl px-4 py-10">
          <h1 className="text-2xl font-bold">{t('meta.title')}</h1>
          <GuestGate>{null}</GuestGate>
        </main>
      )}
    </>
  );
}

function CanvasProject({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  // Not a member answers NOT_FOUND: this page says so itself, no error toast.
  const project = useQuery({ ...trpc.project.get.queryOptions({ id: projectId }), meta: { skipError: true } });
  const open = useMutation({ ...trpc.project.open.mutationOptions(), meta: { skipError: true } });
  const opened = useRef(false);
  const { mutate: markOpened } = open;

  useEffect(() => {
    if (opened.current || !project.data) return;
    opened.current = true;
    markOpened({ id: projectId });
  }, [project.data, projectId, markOpened]);

  if (project.isPending) return <CanvasSkeleton />;
  if (project.isError || !project.data) {
    const code = (project.error as { data?: { code?: string } } | null)?.data?.code;
    return code === 'NOT_FOUND' || code === 'FORBIDDEN' || code === 'BAD_REQUEST' ? <NoAccess reason="forbidden" /> : <Unavailable onRetry={() => void project.refetch()} />;
  }
  return <CanvasWorkspace project={project.data} />;
}

function CanvasWorkspace({ project }: { project: ProjectDto }) {
  const { t } = useTranslation('canvas');
  const { data: auth } = authClient.useSession();
  const wide = useIsWide();
  const collab = useCollabDocument(project.id);
  const [mounted, setMounted] = useState<MountedCanvas | null>(null);
  const manager = mounted?.manager ?? null;
  const me = useMemo(() => ({ id: auth?.user.id ?? '', name: auth?.user.name?.trim() || t('presence.guest') }), [auth?.user.id, auth?.user.name, t]);
  const user = useMemo(() => ({ ...me, color: colorForUser(me.id) }), [me]);
  const phase = collab?.state.phase ?? 'connecting';
  const readOnly = !canEdit(project.role) || Boolean(collab?.state.readOnly);
  const online = collab ? collab.state.online || phase === 'connecting' : true;

  useProjectRoom(project.id, manager, me.id);
  useProjectTasks(project.id, manager);

  // `?timeline=1` (the Create menu's "Video editor") opens the project with its timeline open.
  const [search] = useSearchParams();
  const openTimeline = search.get('timeline') === '1';
  useEffect(() => {
    useCanvasUi.getState().reset();
    useEditorStore.getState().reset();
    if (openTimeline) useEditorStore.getState().toggle(true);
  }, [project.id, openTimeline]);
  useEditorToggleShortcut();
  const editorOpen = useEditorStore((s) => s.open);

  useEffect(() => {
    manager?.setReadOnly(readOnly);
    if (readOnly) useCanvasUi.getState().editText(null);
  }, [manager, readOnly]);

  useEffect(() => {
    manager?.presence.setUser(user);
  }, [manager, user]);

  // A project opened by its URL becomes the selected one, as when picked from the list.
  useEffect(() => {
    if (phase === 'ready') writeSelectedProject(project.id);
  }, [phase, project.id]);

  // Once synced, show everything that is there (not zooming in past 100% for a small canvas).
  const fitted = useRef(false);
  useEffect(() => {
    if (!manager || phase !== 'ready' || fitted.current) return;
    // After the layout of this commit (panels appearing) has reached the stage's size.
    const frame = requestAnimationFrame(() => {
      fitted.current = true;
      const bounds = manager.store.bounds();
      if (!bounds) return;
      manager.viewport.fitTo(bounds);
      if (manager.viewport.camera.zoom > 1) manager.viewport.centreOn({ x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 }, 1);
    });
    return () => cancelAnimationFrame(frame);
  }, [manager, phase]);

  // The engine asks the UI: a frame was drawn (prompt into it), a text wants editing.
  useEffect(() => {
    if (!manager) return;
    const ui = useCanvasUi.getState();
    const offs = [
      manager.on('frameDrawn', ({ nodeId }) => {
        if (!manager.readOnly) ui.openAction({ kind: 'frame_prompt', frameId: nodeId });
      }),
      manager.on('nodeActivated', ({ nodeId, type }) => {
        if (type === 'text' && !manager.readOnly) ui.editText(nodeId);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [manager]);

  // `?` lists the shortcuts (anywhere but in a text field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      useCanvasUi.getState().setShortcutsOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const renderer = mounted?.renderer;
  const focus = mounted?.focus;
  const session = useMemo<CanvasSession | null>(
    () =>
      manager && renderer && focus
        ? { manager, projectId: project.id, project, me, readOnly, exportFrame: (frameId) => exportFrame(manager, renderer, frameId), focusStage: focus }
        : null,
    [manager, renderer, focus, project, me, readOnly],
  );
  const onMount = useCallback((canvas: MountedCanvas | null) => setMounted(canvas), []);

  if (phase === 'refused') return <NoAccess reason={collab?.state.reason ?? 'forbidden'} />;
  if (phase === 'unavailable') return <Unavailable onRetry={() => collab?.retry()} />;

  return (
    <CanvasSessionContext.Provider value={session}>
      <div className={SCREEN} data-testid="canvas-page" data-phase={phase} data-read-only={readOnly || undefined}>
        {session ? <CanvasHeader saving={Boolean(collab?.state.unsynced)} online={online} /> : <div className="h-14 shrink-0 border-b border-border bg-surface" aria-hidden />}
        <div className="flex min-h-0 flex-1">
          {collab ? (
            <CanvasStage doc={collab.doc} awareness={collab.awareness} user={user} readOnly={readOnly} onMount={onMount}>
              {session && phase === 'ready' && (
                <>
                  <FlowLayer />
                  <EmptyHint />
                  <CanvasToolbar />
                  <FailedPlaceholderActions />
                  <NodeActionBar />
                  <ActionCard />
                  <TextEditor />
                  <ReadOnlyBanner />
                  <OfflineBanner online={online} onReconnect={() => collab.reconnect()} />
                  <MediaDrop />
                  <ShortcutsDialog />
                  {!wide && <SidePanelSheet />}
                </>
              )}
              {phase !== 'ready' && <SyncingOverlay />}
            </CanvasStage>
          ) : (
            <div className="flex-1" />
          )}
          {wide && <SidePanel ready={Boolean(session) && phase === 'ready'} />}
        </div>
        {editorOpen && collab && manager && phase === 'ready' && (
          <Suspense fallback={<div className="h-56 shrink-0 border-t border-border bg-surface" data-testid="editor-loading" />}>
            <TimelineDock doc={collab.doc} manager={manager} projectId={project.id} readOnly={readOnly} />
          </Suspense>
        )}
      </div>
    </CanvasSessionContext.Provider>
  );
}

function SyncingOverlay() {
  const { t } = useTranslation('canvas');
  return (
    <div className="pointer-events-auto absolute inset-0 z-30 flex items-center justify-center bg-[#e9e9ef]" data-testid="canvas-loading">
      <div className="grid w-[min(32rem,80%)] grid-cols-3 gap-4 opacity-60" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="aspect-square animate-pulse rounded-xl bg-white" />
        ))}
      </div>
      <div className="absolute rounded-full bg-surface px-4 py-2 shadow-lg">
        <Spinner label={t('loading')} />
      </div>
    </div>
  );
}

function CanvasSkeleton() {
  const { t } = useTranslation('canvas');
  return (
    <div className={SCREEN} aria-busy>
      <div className="h-14 shrink-0 border-b border-border bg-surface" />
      <div className="flex flex-1 items-center justify-center bg-[#e9e9ef]">
        <div className="rounded-full bg-surface px-4 py-2 shadow-lg">
          <Spinner label={t('loading')} />
        </div>
      </div>
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className={`${SCREEN} items-center justify-center p-6`}>
      <div className="flex max-w-md flex-col items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-8 text-center">{children}</div>
    </main>
  );
}

/** Not a member (or no such project, or access revoked): say so without telling which. */
function NoAccess({ reason }: { reason: string }) {
  const { t } = useTranslation('canvas');
  const to = useLocalizedPath();
  const openPopup = usePopupStore((s) => s.open);
  const signIn = reason === 'unauthorized';
  return (
    <Centered>
      <Lock className="text-accent-fg" aria-hidden />
      <h1 className="text-xl font-semibold" data-testid="canvas-no-access">
        {t(signIn ? 'noAccess.signInTitle' : reason === 'access-revoked' ? 'noAccess.revokedTitle' : 'noAccess.title')}
      </h1>
      <p className="text-sm text-muted">{t(signIn ? 'noAccess.signInText' : 'noAccess.text')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {signIn && <Button onClick={() => openPopup('logIn', {})}>{t('noAccess.signIn')}</Button>}
        <Button variant={signIn ? 'outline' : 'primary'} asChild>
          <Link to={to('/app/projects')}>{t('noAccess.projects')}</Link>
        </Button>
      </div>
    </Centered>
  );
}

function Unavailable({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('canvas');
  return (
    <Centered>
      <h1 className="text-xl font-semibold">{t('unavailable.title')}</h1>
      <p className="text-sm text-muted">{t('unavailable.text')}</p>
      <Button onClick={onRetry}>
        <RefreshCw size={16} aria-hidden /> {t('unavailable.retry')}
      </Button>
    </Centered>
  );
}
