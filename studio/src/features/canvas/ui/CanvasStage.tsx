/**
 * Mounts the engine on the page: CanvasManager on the project's document and awareness, the
 * Konva renderer and the DOM input on the stage container, the minimap on its own canvas; all of
 * them are disposed on unmount. React overlays go in a sibling layer, so their clicks never reach
 * the engine's input. The manager is also `window.__tesseraCanvas` (browser tests read node state
 * and drive the camera through it: the same access the user already has).
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasManager } from '../engine/CanvasManager.ts';
import { DomInput } from '../engine/DomInput.ts';
import { KonvaRenderer } from '../engine/KonvaRenderer.ts';
import { MinimapRenderer } from '../engine/MinimapRenderer.ts';
import type { CanvasUser } from '../engine/types.ts';
import { resolveImageUrl } from './imageLod.ts';

declare global {
  interface Window {
    __tesseraCanvas?: CanvasManager;
  }
}

export interface MountedCanvas {
  manager: CanvasManager;
  renderer: KonvaRenderer;
  /** Gives the keyboard back to the canvas (after a toolbar click …). */
  focus(): void;
}

export function CanvasStage({
  doc,
  awareness,
  user,
  readOnly,
  onMount,
  children,
}: {
  doc: Y.Doc;
  awareness: Awareness;
  user: CanvasUser;
  readOnly: boolean;
  onMount(canvas: MountedCanvas | null): void;
  /** Overlays drawn over the stage (toolbar, action bar, banners …). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('canvas');
  const containerRef = useRef<HTMLDivElement>(null);
  const minimapRef = useRef<HTMLCanvasElement>(null);
  // The first values only: later changes reach the mounted engine through the effects below.
  const initial = useRef({ user, readOnly });
  // The parent's latest onMount, whichever render the engine mounts or unmounts after.
  const mounted = useEffectEvent((canvas: MountedCanvas | null) => onMount(canvas));

  useEffect(() => {
    const container = containerRef.current;
    const minimapCanvas = minimapRef.current;
    if (!container || !minimapCanvas) return;
    const { width, height } = container.getBoundingClientRect();
    const manager = new CanvasManager(
      doc,
      {
        user: initial.current.user,
        readOnly: initial.current.readOnly,
        size: { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) },
        resolveImageUrl: (src, displayWidth) => resolveImageUrl(src, displayWidth, window.devicePixelRatio || 1),
      },
      awareness,
    );
    const renderer = new KonvaRenderer(container, manager, {
      labels: {
        frame: t('renderer.frame'),
        by: (name: string) => t('renderer.by', { name }),
        queued: t('renderer.queued'),
        failed: t('renderer.failed'),
        imageError: t('renderer.imageError'),
      },
    });
    const input = new DomInput(container, manager, { ariaLabel: t('stage.label') });
    const minimap = new MinimapRenderer(minimapCanvas, manager);
    window.__tesseraCanvas = manager;
    mounted({ manager, renderer, focus: () => container.focus({ preventScroll: true }) });
    return () => {
      mounted(null);
      if (window.__tesseraCanvas === manager) delete window.__tesseraCanvas;
      minimap.dispose();
      input.dispose();
      renderer.dispose();
      manager.dispose();
    };
    // One engine per document: the user, read-only state and labels of later renders reach it
    // through the page's effects (presence.setUser, setReadOnly), not by remounting it.
  }, [doc, awareness, t]);

  return (
    <div className="relative min-h-0 min-w-0 flex-1 overflow-hidden bg-[#e9e9ef]">
      <div ref={containerRef} className="absolute inset-0 outline-none focus-visible:outline-none" data-testid="canvas-stage" />
      <div className="pointer-events-none absolute inset-0" data-canvas-overlay>
        {children}
      </div>
      <canvas
        ref={minimapRef}
        className="pointer-events-auto absolute bottom-3 end-3 z-10 hidden h-32 w-48 rounded-xl border border-border bg-surface/90 shadow-lg sm:block"
        aria-label={t('stage.minimap')}
        data-testid="canvas-minimap"
      />
    </div>
  );
}
