/**
 * The canvas's built-in commands: one descriptor each for the toolbar, shortcuts and context menu.
 * Labels are `commands.<id>` in the `canvas` i18n namespace.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import type { CanvasManager } from '../CanvasManager.ts';
import type { ToolId } from '../types.ts';
import type { EngineCommand } from './CommandRegistry.ts';

/** Zoom levels the zoom-in/out commands step through. */
export const ZOOM_STEPS = [0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8] as const;
export const NUDGE = 1;
export const NUDGE_FAST = 10;

const TOOL_KEYS: [ToolId, string][] = [
  ['select', 'v'],
  ['hand', 'h'],
  ['frame', 'f'],
  ['text', 't'],
  ['rect', 'r'],
  ['ellipse', 'o'],
];

export function builtinCommands(m: CanvasManager): EngineCommand[] {
  const selected = (): CanvasNode[] => m.selection.ids.map((id) => m.store.get(id)).filter((n): n is CanvasNode => !!n);
  const hasSelection = () => m.selection.ids.length > 0;
  const hasUnlocked = () => selected().some((n) => !n.locked);
  const cmd = (id: string, rest: Omit<EngineCommand, 'id' | 'labelKey'>): EngineCommand => ({ id, labelKey: `commands.${id}`, ...rest });

  const nudge = (dx: number, dy: number) => () => {
    const step = m.commands.keyEvent?.shiftKey ? NUDGE_FAST : NUDGE;
    const ids = selected()
      .filter((n) => !n.locked)
      .map((n) => n.id);
    const all = [...ids, ...m.store.descendantsOf(ids)];
    const patches = new Map<string, Record<string, unknown>>();
    for (const id of all) {
      const n = m.store.committed(id);
      if (n) patches.set(id, { x: n.x + dx * step, y: n.y + dy * step });
    }
    m.store.commitPatches(patches);
  };

  const zoomStep = (direction: 1 | -1) => () => {
    const zoom = m.viewport.camera.zoom;
    const next = direction > 0 ? ZOOM_STEPS.find((z) => z > zoom * 1.001) : [...ZOOM_STEPS].reverse().find((z) => z < zoom / 1.001);
    if (next !== undefined) m.viewport.zoomTo(next);
  };

  return [
    cmd('undo', { shortcut: 'mod+z', mutates: true, enabled: () => m.history.canUndo, run: () => m.history.undo() }),
    cmd('redo', { shortcut: ['shift+mod+z', 'mod+y'], mutates: true, enabled: () => m.history.canRedo, run: () => m.history.redo() }),
    // Flow cards in the selection (the selectable layer's) go in the same undo step.
    cmd('delete', { shortcut: ['Delete', 'Backspace'], mutates: true, enabled: () => hasUnlocked() || m.selection.layerIds.length > 0, run: () => m.deleteSelection() }),
    cmd('duplicate', { shortcut: 'mod+d', mutates: true, enabled: hasSelection, run: () => m.clipboard.duplicate() }),
    cmd('copy', { shortcut: 'mod+c', enabled: hasSelection, run: () => m.clipboard.copy() }),
    cmd('cut', { shortcut: 'mod+x', mutates: true, enabled: hasUnlocked, run: () => m.clipboard.cut() }),
    cmd('paste', { shortcut: 'mod+v', browserShortcut: true, mutates: true, enabled: () => !m.clipboard.isEmpty, run: () => m.clipboard.paste() }),
    cmd('selectAll', { shortcut: 'mod+a', enabled: () => m.store.count() > 0, run: () => m.selectAll() }),
    cmd('deselect', { shortcut: 'Escape', enabled: () => hasSelection() || m.selection.layerIds.length > 0, run: () => m.selection.clear() }),
    cmd('bringToFront', { shortcut: 'shift+mod+]', mutates: true, enabled: hasUnlocked, run: () => m.reorder('front') }),
    cmd('bringForward', { shortcut: 'mod+]', mutates: true, enabled: hasUnlocked, run: () => m.reorder('forward') }),
    cmd('sendBackward', { shortcut: 'mod+[', mutates: true, enabled: hasUnlocked, run: () => m.reorder('backward') }),
    cmd('sendToBack', { shortcut: 'shift+mod+[', mutates: true, enabled: hasUnlocked, run: () => m.reorder('back') }),
    cmd('lock', { shortcut: 'shift+mod+l', mutates: true, enabled: hasUnlocked, run: () => m.setLocked([...m.selection.ids], true) }),
    cmd('unlock', { shortcut: 'shift+mod+l', mutates: true, enabled: () => selected().some((n) => n.locked), run: () => m.setLocked([...m.selection.ids], false) }),
    cmd('zoomIn', { shortcut: ['mod+=', 'mod+plus', 'shift+mod+='], run: zoomStep(1) }),
    cmd('zoomOut', { shortcut: ['mod+-', 'shift+mod+-'], run: zoomStep(-1) }),
    cmd('zoomToFit', { shortcut: 'shift+1', enabled: () => m.store.count() > 0, run: () => m.viewport.fitTo(m.store.bounds()) }),
    cmd('zoom100', { shortcut: 'shift+0', run: () => m.viewport.zoomTo(1) }),
    ...TOOL_KEYS.map(([tool, key]) =>
      cmd(`tool.${tool}`, {
        shortcut: key,
        // Viewers keep select and hand; the creation tools would only refuse.
        enabled: () => tool === 'select' || tool === 'hand' || !m.readOnly,
        run: () => m.tools.set(tool),
      }),
    ),
    cmd('nudge.left', { shortcut: ['ArrowLeft', 'shift+ArrowLeft'], mutates: true, enabled: hasUnlocked, run: nudge(-1, 0) }),
    cmd('nudge.right', { shortcut: ['ArrowRight', 'shift+ArrowRight'], mutates: true, enabled: hasUnlocked, run: nudge(1, 0) }),
    cmd('nudge.up', { shortcut: ['ArrowUp', 'shift+ArrowUp'], mutates: true, enabled: hasUnlocked, run: nudge(0, -1) }),
    cmd('nudge.down', { shortcut: ['ArrowDown', 'shift+ArrowDown'], mutates: true, enabled: hasUnlocked, run: nudge(0, 1) }),
  ];
}
