/**
 * The timeline editor, docked under the project's canvas (issue 9): a resizable panel with the
 * toolbar, the preview player, the tracks and the selected item's inspector, all on the
 * project's live Yjs document (TimelineSession) so collaborators see each other's edits. Keys
 * work while the keyboard is in the dock (the canvas keeps its own). Canvas video/image nodes
 * dragged from the canvas and released over the dock go onto the video track ("Send to
 * timeline" does the same for the selection). Viewers see everything and change nothing.
 * Lazy-loaded by the canvas page when first opened.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { type Overlay, totalDuration, trackOfKind } from '@tessera/shared/timeline';
import type { Doc } from 'yjs';
import { Clapperboard, Film, Keyboard, Minus, Music, Plus, Redo2, Scissors, Trash2, Type, Undo2, Upload, X } from 'lucide-react';
import { type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import type { CanvasManager } from '../canvas/engine/CanvasManager.ts';
import { newNodeId } from '../canvas/engine/ids.ts';
import { isMacPlatform, primaryShortcut, shortcutLabel } from '../canvas/ui/shortcutLabel.ts';
import { CreationPicker } from '../media/CreationPicker.tsx';
import { AddVideoDialog } from './AddVideoDialog.tsx';
import { commandEnabled, commandForKey, editorCommands } from './editorCommands.ts';
import { EditorContext, type EditorContextValue, useEditor } from './editorContext.ts';
import { MIN_DOCK_HEIGHT, useEditorStore } from './editorStore.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { Inspector } from './Inspector.tsx';
import { PendingGenerationWatcher } from './PendingGenerationWatcher.tsx';
import { IconButton, PreviewPlayer } from './PreviewPlayer.tsx';
import { ShortcutsHelp } from './ShortcutsHelp.tsx';
import { TimelineSession } from './TimelineSession.ts';
import { TrackView } from './TrackView.tsx';
import { useTimeline } from './useTimeline.ts';
import { useTimelineActions } from './useTimelineActions.ts';

/** How long a new text overlay shows. */
const TEXT_S = 3;

export interface TimelineDockProps {
  doc: Doc;
  manager: CanvasManager;
  projectId: string;
  readOnly: boolean;
}

export default function TimelineDock({ doc, manager, projectId, readOnly }: TimelineDockProps) {
  const [session, setSession] = useState<TimelineSession | null>(null);
  // A role change goes through setReadOnly below, keeping the session and its undo history.
  const initialReadOnly = useRef(readOnly);
  useEffect(() => {
    const s = new TimelineSession(doc, { readOnly: initialReadOnly.current });
    setSession(s);
    return () => s.dispose();
  }, [doc]);

  useEffect(() => session?.setReadOnly(readOnly), [session, readOnly]);

  const commands = useMemo(() => (session ? editorCommands(session) : []), [session]);
  const value = useMemo<EditorContextValue | null>(
    () =>
      session
        ? {
            session,
            manager,
            projectId,
            readOnly,
            commands,
            run: (id) => {
              const command = commands.find((c) => c.id === id);
              if (command && commandEnabled(command, readOnly)) command.run();
            },
          }
        : null,
    [session, manager, projectId, readOnly, commands],
  );
  if (!value) return <DockFrame loading />;
  return (
    <EditorContext.Provider value={value}>
      <DockFrame />
    </EditorContext.Provider>
  );
}

function DockFrame({ loading }: { loading?: boolean }) {
  const { t } = useTranslation('editor');
  const height = useEditorStore((s) => s.height);
  return (
    <section
      className="relative flex shrink-0 flex-col border-t border-border bg-surface"
      style={{ height: `min(${height}px, 70vh)`, minHeight: MIN_DOCK_HEIGHT }}
      aria-label={t('dock.label')}
      data-testid="editor-dock"
      data-loading={loading || undefined}
    >
      <ResizeHandle />
      {loading ? <p className="m-auto text-sm text-muted" data-testid="editor-loading">{t('dock.loading')}</p> : <DockBody />}
    </section>
  );
}

function ResizeHandle() {
  const { t } = useTranslation('editor');
  const drag = useRef<{ y: number; height: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('dock.resize')}
      tabIndex={0}
      className="absolute inset-x-0 -top-1.5 z-30 h-3 cursor-ns-resize touch-none"
      data-testid="editor-resize"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { y: e.clientY, height: useEditorStore.getState().height };
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        useEditorStore.getState().setHeight(Math.min(window.innerHeight * 0.7, drag.current.height + drag.current.y - e.clientY));
      }}
      onPointerUp={() => (drag.current = null)}
      onKeyDown={(e) => {
        const { height, setHeight } = useEditorStore.getState();
        if (e.key === 'ArrowUp') setHeight(height + 24);
        else if (e.key === 'ArrowDown') setHeight(height - 24);
      }}
    />
  );
}

const isEditable = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
};

function DockBody() {
  const { t } = useTranslation('editor');
  const { session, manager, readOnly, commands, run } = useEditor();
  const timeline = useTimeline(session);
  const pending = useEditorStore((s) => s.pending);
  const pxPerS = useEditorStore((s) => s.pxPerS);
  const actions = useTimelineActions();
  const [exportOpen, setExportOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [soundOpen, setSoundOpen] = useState(false);
  const [aspect, setAspect] = useState('16:9');
  const root = useRef<HTMLDivElement>(null);
  const empty = timeline.clips.length === 0 && timeline.overlays.length === 0;
  const mac = isMacPlatform();

  useEffect(() => () => useEditorStore.getState().setPlaying(false), []);

  // Canvas nodes dragged onto the dock: the canvas keeps its pointer capture, so listen on the
  // window (capture phase, before the canvas commits its move) and take the drag over.
  const { sendNodes } = actions;
  useEffect(() => {
    const onUp = (e: PointerEvent) => {
      const box = root.current?.getBoundingClientRect();
      if (!box || readOnly || manager.tools.stateOf() !== 'select.dragging') return;
      if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) return;
      const nodes = manager.selection.ids.map((id) => manager.store.get(id)).filter((n): n is CanvasNode => Boolean(n));
      manager.tools.cancel();
      void sendNodes(nodes);
    };
    window.addEventListener('pointerup', onUp, true);
    return () => window.removeEventListener('pointerup', onUp, true);
  }, [manager, readOnly, sendNodes]);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.defaultPrevented || isEditable(e.target)) return;
    const command = commandForKey(commands, { key: e.key, code: e.code, shiftKey: e.shiftKey, altKey: e.altKey, modKey: mac ? e.metaKey : e.ctrlKey, repeat: e.repeat });
    if (!command) return;
    e.preventDefault();
    e.stopPropagation();
    if (commandEnabled(command, readOnly)) command.run();
  };
  const focusDock = (e: ReactPointerEvent) => {
    if (!isEditable(e.target) && !(e.target as HTMLElement).closest('button')) root.current?.focus({ preventScroll: true });
  };

  const addText = useCallback(() => {
    const at = useEditorStore.getState().playhead;
    const id = newNodeId();
    session.edit((tl) => {
      const track = trackOfKind(tl, 'overlay');
      if (!track) return tl;
      const overlay: Overlay = { id, type: 'overlay', trackId: track.id, text: t('text.default'), start: at, end: at + TEXT_S, position: 'bottom', size: 48, colour: '#ffffff' };
      return { ...tl, overlays: [...tl.overlays, overlay] };
    });
    useEditorStore.getState().select(id);
  }, [session, t]);

  const label = (id: string) => {
    const command = commands.find((c) => c.id === id);
    const shortcut = primaryShortcut(command?.shortcut);
    const text = t(command?.labelKey ?? id);
    return shortcut ? `${text} (${shortcutLabel(shortcut, mac)})` : text;
  };
  const cmd = (id: string, Icon: typeof Plus, testId: string) => {
    const command = commands.find((c) => c.id === id);
    return (
      <IconButton label={label(id)} onClick={() => run(id)} testId={testId} disabled={!command || !commandEnabled(command, readOnly)}>
        <Icon size={16} aria-hidden />
      </IconButton>
    );
  };

  return (
    <div ref={root} tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none" onKeyDown={onKeyDown} onPointerDown={focusDock} data-testid="editor-body" data-read-only={readOnly || undefined}>
      {Object.entries(pending).map(([clipId, p]) => (
        <PendingGenerationWatcher key={clipId} clipId={clipId} pending={p} />
      ))}
      <div className="flex flex-wrap items-center gap-1 border-b border-border px-2 py-1" role="toolbar" aria-label={t('toolbar.label')}>
        {cmd('undo', Undo2, 'editor-undo')}
        {cmd('redo', Redo2, 'editor-redo')}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        {cmd('split', Scissors, 'editor-split')}
        {cmd('delete', Trash2, 'editor-delete')}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        {cmd('zoomOut', Minus, 'editor-zoom-out')}
        <span className="w-12 text-center text-[11px] tabular-nums text-muted" data-testid="editor-zoom">
          {Math.round(pxPerS)}px/s
        </span>
        {cmd('zoomIn', Plus, 'editor-zoom-in')}
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        <Button size="sm" variant="ghost" disabled={readOnly} onClick={() => setAddOpen(true)} data-testid="editor-add-video">
          <Upload size={14} aria-hidden /> {t('toolbar.addVideo')}
        </Button>
        <Button size="sm" variant="ghost" disabled={readOnly} onClick={() => void actions.sendSelection()} data-testid="editor-send-selection">
          <Film size={14} aria-hidden /> {t('toolbar.sendSelection')}
        </Button>
        <Button size="sm" variant="ghost" disabled={readOnly} onClick={() => setSoundOpen(true)} data-testid="editor-add-sound">
          <Music size={14} aria-hidden /> {t('toolbar.addSound')}
        </Button>
        <Button size="sm" variant="ghost" disabled={readOnly} onClick={addText} data-testid="editor-add-text">
          <Type size={14} aria-hidden /> {t('toolbar.addText')}
        </Button>
        <span className="ms-auto" />
        <IconButton label={label('help')} onClick={() => run('help')} testId="editor-shortcuts">
          <Keyboard size={16} aria-hidden />
        </IconButton>
        <Button size="sm" onClick={() => setExportOpen(true)} disabled={totalDuration(timeline) === 0} data-testid="editor-export-open">
          <Clapperboard size={14} aria-hidden /> {t('toolbar.export')}
        </Button>
        <IconButton label={t('dock.close')} onClick={() => useEditorStore.getState().toggle(false)} testId="editor-close">
          <X size={16} aria-hidden />
        </IconButton>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-2 md:flex-row">
        <div className="h-40 shrink-0 md:h-auto md:w-[min(38%,28rem)]">
          <PreviewPlayer aspect={aspect} />
        </div>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
          <Inspector />
          <div className="relative flex min-h-0 flex-1 flex-col rounded-md border border-border">
            <TrackView />
            {empty && (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center" data-testid="editor-empty">
                <p className="rounded-md bg-surface/90 px-3 py-2 text-sm text-muted">{readOnly ? t('empty.viewer') : t('empty.text')}</p>
              </div>
            )}
          </div>
        </div>
      </div>
      <ExportDialog open={exportOpen} onOpenChange={setExportOpen} aspect={aspect} onAspect={setAspect} />
      {!readOnly && <AddVideoDialog open={addOpen} onOpenChange={setAddOpen} />}
      {/* A video creation's sound onto the audio track at the playhead. */}
      {!readOnly && (
        <CreationPicker
          open={soundOpen}
          onOpenChange={setSoundOpen}
          mediaType="video"
          description={t('addSound.description')}
          onPick={(creation) => {
            setSoundOpen(false);
            void actions.addAudio(creation.url, undefined, creation.prompt ?? undefined);
          }}
        />
      )}
      <ShortcutsHelp />
    </div>
  );
}
