/**
 * The editor's commands as registered descriptors `{ id, labelKey, shortcut, run }` (like the
 * canvas's): the dock's buttons, its keyboard shortcuts and the shortcuts help all read this one
 * list. Shortcuts are matched with the canvas's `matchesShortcut` (`mod` = Cmd on macOS, Ctrl
 * elsewhere) and only while the keyboard is in the dock, so they never fight the canvas's own.
 */
import { clipEnd, rippleDelete, splitAt, totalDuration, trackOfKind } from '@tessera/shared/timeline';
import { matchesShortcut } from '../canvas/engine/commands/CommandRegistry.ts';
import { newNodeId } from '../canvas/engine/ids.ts';
import type { CanvasKeyEvent } from '../canvas/engine/types.ts';
import { useEditorStore } from './editorStore.ts';
import { clampTime, FRAME_S, zoomStep } from './timelineMath.ts';
import type { TimelineSession } from './TimelineSession.ts';

export interface EditorCommand {
  id: string;
  /** Key in the `editor` namespace. */
  labelKey: string;
  shortcut: readonly string[];
  /** Changes the timeline: off for viewers. */
  mutates?: boolean;
  enabled?(): boolean;
  run(): void;
}

export function editorCommands(session: TimelineSession): EditorCommand[] {
  const store = useEditorStore.getState;
  const duration = () => totalDuration(session.timeline);
  const seekBy = (delta: number) => {
    store().setPlaying(false);
    store().seek(clampTime(store().playhead + delta, duration()));
  };
  const selectedExists = () => {
    const id = store().selectedId;
    return Boolean(id && (session.timeline.clips.some((c) => c.id === id) || session.timeline.overlays.some((o) => o.id === id)));
  };
  return [
    { id: 'playPause', labelKey: 'commands.playPause', shortcut: [' '], enabled: () => duration() > 0, run: () => store().setPlaying(!store().playing) },
    {
      id: 'split',
      labelKey: 'commands.split',
      shortcut: ['s'],
      mutates: true,
      run: () => {
        const t = session.timeline;
        const at = store().playhead;
        const selected = t.clips.find((c) => c.id === store().selectedId);
        // The selected clip's track when the playhead is on it, else the video track.
        const onSelected = selected && at > selected.start && at < clipEnd(selected);
        const trackId = onSelected ? selected.trackId : trackOfKind(t, 'video')?.id;
        if (trackId) session.edit((tl) => splitAt(tl, trackId, at, newNodeId()));
      },
    },
    {
      id: 'delete',
      labelKey: 'commands.delete',
      shortcut: ['Delete', 'Backspace'],
      mutates: true,
      enabled: selectedExists,
      run: () => {
        const id = store().selectedId;
        if (!id) return;
        session.edit((t) => rippleDelete(t, id));
        store().select(null);
      },
    },
    { id: 'frameBack', labelKey: 'commands.frameBack', shortcut: ['ArrowLeft'], run: () => seekBy(-FRAME_S) },
    { id: 'frameForward', labelKey: 'commands.frameForward', shortcut: ['ArrowRight'], run: () => seekBy(FRAME_S) },
    { id: 'secondBack', labelKey: 'commands.secondBack', shortcut: ['shift+ArrowLeft'], run: () => seekBy(-1) },
    { id: 'secondForward', labelKey: 'commands.secondForward', shortcut: ['shift+ArrowRight'], run: () => seekBy(1) },
    { id: 'toStart', labelKey: 'commands.toStart', shortcut: ['Home'], run: () => seekBy(-Number.MAX_SAFE_INTEGER) },
    { id: 'toEnd', labelKey: 'commands.toEnd', shortcut: ['End'], run: () => seekBy(Number.MAX_SAFE_INTEGER) },
    { id: 'undo', labelKey: 'commands.undo', shortcut: ['mod+z'], mutates: true, enabled: () => session.canUndo, run: () => session.undo() },
    { id: 'redo', labelKey: 'commands.redo', shortcut: ['shift+mod+z', 'mod+y'], mutates: true, enabled: () => session.canRedo, run: () => session.redo() },
    { id: 'zoomIn', labelKey: 'commands.zoomIn', shortcut: ['plus', 'shift+plus', '='], run: () => store().setZoom(zoomStep(store().pxPerS, 1)) },
    { id: 'zoomOut', labelKey: 'commands.zoomOut', shortcut: ['-'], run: () => store().setZoom(zoomStep(store().pxPerS, -1)) },
    { id: 'help', labelKey: 'commands.help', shortcut: ['shift+?', '?'], run: () => store().setShortcutsOpen(true) },
  ];
}

/** Whether a command may run now (viewers: nothing that changes the timeline). */
export function commandEnabled(command: EditorCommand, readOnly: boolean): boolean {
  if (command.mutates && readOnly) return false;
  return command.enabled ? command.enabled() : true;
}

/** The command a key press runs, if any. */
export function commandForKey(commands: readonly EditorCommand[], e: CanvasKeyEvent): EditorCommand | undefined {
  return commands.find((c) => c.shortcut.some((s) => matchesShortcut(s, e)));
}
