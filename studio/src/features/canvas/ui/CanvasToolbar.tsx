/**
 * The vertical toolbar: tools, "Add image", undo/redo and zoom, each a registered command (the
 * same descriptors the keyboard shortcuts run), with its shortcut in the tooltip. Viewers keep
 * select, hand and zoom; everything that would change the canvas is greyed out.
 *
 * It sits at the start edge, centred, and never gets cut off (issue 22): where the stage is too
 * short for one column (the timeline open, a phone) its groups flow into two to four columns,
 * and past that it scrolls. Its box is published for the action bar to keep off it.
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
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { EditorToggleButton } from '../../editor/EditorToggle.tsx';
import type { ToolId } from '../engine/types.ts';
import { AddImageButton } from './AddImageButton.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasUi } from './canvasUiStore.ts';
import { TOOLBAR_CELL, toolbarColumns } from './overlayPosition.ts';
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
const BUTTON = 'flex h-9 w-9 items-center justify-center rounded-lg transition disabled:cursor-not-allowed disabled:opacity-35';

export function CanvasToolbar() {
  const { t } = useTranslation('canvas');
  const { manager, focusStage } = useCanvasSession();
  const current = useCanvasState(manager.tools, () => manager.tools.current);
  // Enabled states follow history, selection, the document and read-only changes.
  useCanvasState(manager.history, () => manager.history.version);
  useCanvasState(manager.commands, () => manager.commands.version);
  useCanvasState(manager.selection, () => manager.selection.version);
  const zoom = useCanvasState(manager.viewport, () => Math.round(manager.viewport.camera.zoom * 100));
  const stageHeight = useCanvasState(manager.viewport, () => manager.viewport.size.height);
  const columns = toolbarColumns(stageHeight);
  const mac = isMacPlatform();
  const ref = useRef<HTMLDivElement>(null);

  // Publish where I am over the stage (the action bar keeps off it), as the layout changes.
  useEffect(() => {
    const el = ref.current;
    const overlay = el?.closest<HTMLElement>('[data-canvas-overlay]');
    if (!el || !overlay) return;
    const publish = () => {
      const box = el.getBoundingClientRect();
      const origin = overlay.getBoundingClientRect();
      useCanvasUi.getState().setToolbarRect({ x: box.x - origin.x, y: box.y - origin.y, width: box.width, height: box.height });
    };
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    observer.observe(overlay);
    return () => {
      observer.disconnect();
      useCanvasUi.getState().setToolbarRect(null);
    };
  }, []);

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
        className={cn(BUTTON, active ? 'bg-accent text-white' : 'text-muted hover:bg-surface-2 hover:text-fg')}
        data-testid={`tool-${testId}`}
      >
        <Icon size={18} aria-hidden />
      </button>
    );
  };

  const separator = <span className="col-span-full mx-1 h-px bg-border" aria-hidden />;
  return (
    <div className="pointer-events-none absolute inset-y-3 start-3 z-20 flex items-center">
      <div
        ref={ref}
        role="toolbar"
        aria-orientation="vertical"
        aria-label={t('toolbar.label')}
        className="pointer-events-auto grid max-h-full gap-1 overflow-y-auto rounded-2xl border border-border bg-surface/95 p-1 shadow-xl backdrop-blur"
        style={{ gridTemplateColumns: `repeat(${columns}, ${TOOLBAR_CELL}px)` }}
        data-testid="canvas-toolbar"
        data-columns={columns}
      >
        {TOOLS.map(([id, Icon]) => button(`tool.${id}`, id, Icon, current === id))}
        <AddImageButton className={BUTTON} />
        {separator}
        {HISTORY.map(([id, Icon]) => button(id, id, Icon))}
        {separator}
        {ZOOM.map(([id, Icon]) => button(id, id, Icon))}
        <button
          type="button"
          title={t('commands.zoom100')}
          aria-label={`${t('commands.zoom100')} (${zoom}%)`}
          onClick={() => {
            manager.commands.run('zoom100');
            focusStage();
          }}
          className="h-9 w-9 rounded-md text-[11px] tabular-nums text-muted hover:bg-surface-2 hover:text-fg"
          data-testid="tool-zoom100"
        >
          {zoom}%
        </button>
        {separator}
        <EditorToggleButton />
      </div>
    </div>
  );
}
