/**
 * Contextual actions above the selection. An image: image to image, upscale, remove or change
 * the background, remove an object, inpaint, uncrop (drag its edges out), face swap, download.
 * A frame: prompt into it, export it as one image. Viewers only download and export.
 * Hidden while the camera moves (it would lag behind the canvas).
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { Brush, Download, Eraser, Expand, ImagePlay, type LucideIcon, Maximize2, PaintBucket, Scissors, Smile, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';
import { reactToError } from '../../errors/errorReactions.ts';
import { useModelChoice } from '../../models/useModelChoice.ts';
import { actionCost } from './actionCost.ts';
import { useCanvasSession } from './canvasSession.ts';
import { type ActionRequest, useCanvasUi } from './canvasUiStore.ts';
import { downloadName, imageInputOf, saveFile } from './nodeMedia.ts';
import { actionBarLayout, BAR_BUTTON, toScreenRect } from './overlayPosition.ts';
import { useCanvasGenerate } from './useCanvasGenerate.ts';
import { useCanvasState } from './useCanvasState.ts';

interface BarAction {
  id: string;
  icon: LucideIcon;
  label: string;
  cost?: number;
  run(): void;
  busy?: boolean;
}

export function NodeActionBar() {
  const { t } = useTranslation(['canvas', 'common']);
  const { manager, readOnly, exportFrame } = useCanvasSession();
  const openAction = useCanvasUi((s) => s.openAction);
  const action = useCanvasUi((s) => s.action);
  const { generate, pending } = useCanvasGenerate();
  const [exporting, setExporting] = useState(false);
  const ids = useCanvasState(manager.selection, () => manager.selection.ids);
  const node = useCanvasState(manager.store, () => (ids.length === 1 ? (manager.store.get(ids[0]!) ?? null) : null));
  const camera = useCanvasState(manager.viewport, () => manager.viewport.camera);
  const moving = useCanvasState(manager.viewport, () => manager.viewport.moving);
  const toolbar = useCanvasUi((s) => s.toolbarRect);
  // The one-click background remover has no card: its button says what the built-in engine can
  // cut out (issue 23), and is off when no model removes backgrounds on this server.
  const cutout = useModelChoice('background_remover', !readOnly);
  const size = manager.viewport.size;

  if (!node || moving || action) return null;
  const actions = actionsFor(node);
  if (!actions.length) return null;

  const rect = toScreenRect({ x: node.x, y: node.y, width: node.width, height: node.height }, camera);
  // Never over the toolbar (issue 22): beside it, wrapping into rows where the stage is narrow.
  const layout = actionBarLayout(rect, size, actions.length, toolbar);

  function actionsFor(node: CanvasNode): BarAction[] {
    const open = (request: ActionRequest) => () => openAction(request);
    const list: BarAction[] = [];
    const image = imageInputOf(node);
    if (image && !readOnly) {
      const parent = node.id;
      list.push(
        { id: 'image_to_image', icon: Sparkles, label: t('common:kinds.image_to_image'), cost: actionCost('image_to_image', {}), run: open({ kind: 'image_to_image', nodeId: parent }) },
        { id: 'upscale', icon: Maximize2, label: t('common:kinds.upscale'), cost: actionCost('upscale', {}), run: open({ kind: 'upscale', nodeId: parent }) },
        {
          id: 'background_remover',
          icon: Scissors,
          label:
            cutout.model?.provider === 'local'
              ? `${t('common:kinds.background_remover')} (${t('common:models.localExpect.background_remover')})`
              : cutout.unavailable
                ? `${t('common:kinds.background_remover')} (${t('common:models.picker.notAvailable')})`
                : t('common:kinds.background_remover'),
          cost: actionCost('background_remover', {}),
          busy: pending || cutout.unavailable,
          run: () =>
            void generate({
              kind: 'background_remover',
              input: { image },
              placement: manager.findFreeSpot(node, { width: node.width, height: node.height }),
              parentNodeId: parent,
            }),
        },
        { id: 'background_changer', icon: PaintBucket, label: t('common:kinds.background_changer'), cost: actionCost('background_changer', {}), run: open({ kind: 'background_changer', nodeId: parent }) },
        { id: 'object_remover', icon: Eraser, label: t('common:kinds.object_remover'), cost: actionCost('object_remover', {}), run: open({ kind: 'object_remover', nodeId: parent }) },
        { id: 'inpaint', icon: Brush, label: t('common:kinds.inpaint'), cost: actionCost('inpaint', {}), run: open({ kind: 'inpaint', nodeId: parent }) },
        {
          id: 'uncrop',
          icon: Expand,
          label: t('common:kinds.uncrop'),
          cost: actionCost('uncrop', {}),
          run: () => {
            manager.tools.set('expand');
            openAction({ kind: 'uncrop', nodeId: parent });
          },
        },
        { id: 'face_swap', icon: Smile, label: t('common:kinds.face_swap'), cost: actionCost('face_swap', {}), run: open({ kind: 'face_swap', nodeId: parent }) },
      );
    }
    if (node.type === 'frame') {
      if (!readOnly) list.push({ id: 'frame_prompt', icon: ImagePlay, label: t('actions.promptIntoFrame'), cost: actionCost('text_to_image', {}), run: open({ kind: 'frame_prompt', frameId: node.id }) });
      list.push({
        id: 'export_frame',
        icon: Download,
        label: t('actions.exportFrame'),
        busy: exporting,
        run: () => {
          setExporting(true);
          exportFrame(node.id)
            .then((blob) => saveFile(blob, downloadName(node, 'frame.png')))
            .catch((error: unknown) => reactToError(error))
            .finally(() => setExporting(false));
        },
      });
    }
    if ((node.type === 'image' || node.type === 'video') && node.src) {
      list.push({ id: 'download', icon: Download, label: t('actions.download'), run: () => saveFile(node.src, downloadName(node, node.src)) });
    }
    return list;
  }

  return (
    <div
      role="toolbar"
      aria-label={t('actions.label')}
      className="pointer-events-auto absolute z-20 grid gap-0.5 rounded-xl border border-border bg-surface/95 p-1 shadow-xl backdrop-blur"
      style={{ left: layout.left, top: layout.top, gridTemplateColumns: `repeat(${layout.columns}, ${BAR_BUTTON}px)` }}
      data-testid="node-actions"
    >
      {actions.map((a) => {
        const Icon = a.icon;
        const title = a.cost !== undefined ? `${a.label} · ${t('actions.cost', { count: a.cost })}` : a.label;
        return (
          <button
            key={a.id}
            type="button"
            title={title}
            aria-label={title}
            disabled={a.busy}
            onClick={a.run}
            className={cn('flex h-8 w-8 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg disabled:opacity-50')}
            data-testid={`action-${a.id}`}
          >
            <Icon size={16} aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
