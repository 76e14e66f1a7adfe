/**
 * The vertical toolbar: tools, undo/redo and zoom, each a registered command (the same
 * descriptors the keyboard shortcuts run), with its shortcut in the tooltip. Viewers keep
 * select, hand and zoom; everything that would change the canvas is greyed out.
 */
import {
  Circle,
  Frame,
  Hand,
  type LucideIcon,
  Maximize,
  MousePointer2,
  Redo2,
  Square,
  Type,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { EditorToggleButton } from '../../editor/EditorToggle.tsx';
import type { ToolId } from '../engine/types.ts';
import { useCanvasSession } from './canvasSession.ts';
import { isMacPlatform, primaryShortcut, shortcutLabel } from './shortcutLabel.ts';
import { useCanvasState } from './useCanvasState.ts';

const TOOLS: [ToolId, LucideIcon][] = [
  ['select', MousePointer2],
  ['hand', Hand],
  ['frame', Frame],
  ['text', Type],
  ['rect', Square],
  ['ellipse', Circle],
];
const HISTORY: [string, LucideIcon][] = [
  ['undo', Undo2],
  ['redo', Redo2],
];
const ZOOM: [string, LucideIcon][] = [
  ['zoomOut', ZoomOut],
  ['zoomIn', ZoomIn],
  ['zoomToFit', Maximize],
];

export function CanvasToolbar() {
  const { t } = useTranslation('canvas');
  const { manager, focusStage } = useCanvasSession();
  const current = useCanvasState(manager.tools, () => manager.tools.current);
  // Enabled states follow history, selection, the document and read-only changes.
  useCanvasState(manager.history, () => manager.history.version);
  useCanvasState(manager.commands, () => manager.commands.version);
  useCanvasState(manager.selection, () => manager.selection.version);
  const zoom = useCanvasState(manager.viewport, () => Math.round(manager.viewport.camera.zoom * 100));
  const mac = isMacPlatform();

  const button = (commandId: string, testId: string, Icon: LucideIcon, active = false) => {
    const command = manager.commands.get(commandId);
    if (!command) return null;
    const shortcut = primaryShortcut(command.shortcut);
    const label = t(command.labelKey, { defaultValue: commandId });
    const title = shortcut ? `${label} (${shortcutLabel(shortcut, mac)})` : label;
    const enabled = manager.commands.isEnabled(commandId);
    return (
      <button
        key={commandId}
        type="button"
        title={title}
        aria-label={title}
        aria-pressed={active || undefined}
        disabled={!enabled}
        onClick={() => {
          manager.commands.run(commandId);
          // Shortcuts keep working after a click (the keyboard belongs to the canvas again).
          focusStage();
        }}
        className={cn(
          'flex h-9 w-9 items-center justify-center rounded-lg transition disabled:cursor-not-allowed disabled:opacity-35',
          active ? 'bg-accent text-white' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )}
        data-testid={`tool-${testId}`}
      >
        <Icon size={18} aria-hidden />
      </button>
    );
  };

  return (
    <div
      role="toolbar"
      aria-orientation="vertical"
      aria-label={t('toolbar.label')}
      className="pointer-events-auto flex flex-col items-center gap-1 rounded-2xl border border-border bg-surface/95 p-1 shadow-xl backdrop-blur"
      data-testid="canvas-toolbar"
    >
      {TOOLS.map(([id, Icon]) => button(`tool.${id}`, id, Icon, current === id))}
      <span className="my-1 h-px w-6 bg-border" aria-hidden />
      {HISTORY.map(([id, Icon]) => button(id, id, Icon))}
      <span className="my-1 h-px w-6 bg-border" aria-hidden />
      {ZOOM.map(([id, Icon]) => button(id, id, Icon))}
      <button
        type="button"
        title={t('commands.zoom100')}
        aria-label={`${t('commands.zoom100')} (${zoom}%)`}
        onClick={() => {
          manager.commands.run('zoom100');
          focusStage();
        }}
        className="h-7 w-9 rounded-md text-[11px] tabular-nums text-muted hover:bg-surface-2 hover:text-fg"
        data-testid="tool-zoom100"
      >
        {zoom}%
      </button>
      <span className="my-1 h-px w-6 bg-border" aria-hidden />
      <EditorToggleButton />
    </div>
  );
}
