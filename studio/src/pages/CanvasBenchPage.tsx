/**
 * The canvas engine's benchmark page (`/app/canvas-bench?nodes=N`), driven by `bench/canvas.ts`
 * and not linked from anywhere: a local project of N image nodes in a grid (a few generated
 * pictures, as boards repeat sources), the real engine — CanvasManager, KonvaRenderer, DomInput —
 * full-screen, and `window.__canvasBench` to time opening it and to pan or zoom it with wheel
 * events like a trackpad, counting animation frames. Needs no account and no server state.
 */
import { writeNode, type ImageNode } from '@tessera/shared/canvas';
import { useEffect, useRef } from 'react';
import * as Y from 'yjs';
import { CanvasManager } from '../features/canvas/engine/CanvasManager.ts';
import { DomInput } from '../features/canvas/engine/DomInput.ts';
import { KonvaRenderer } from '../features/canvas/engine/KonvaRenderer.ts';

export interface CanvasBenchRun {
  fps: number;
  frames: number;
  /** Longest gap between two animation frames, ms. */
  worstFrameMs: number;
}

export interface CanvasBench {
  nodes: number;
  /** Decoding the project's Yjs update → first frame drawn, ms (NaN until then). */
  openMs: number;
  /** Opening → every picture loaded and drawn, ms (NaN until then). */
  imagesMs: number;
  /** Pans (trackpad scrolling) or zooms (pinch) for `ms` and counts the frames the page drew. */
  run(kind: 'pan' | 'zoom', ms: number): Promise<CanvasBenchRun>;
}

declare global {
  interface Window {
    __canvasBench?: CanvasBench;
  }
}

const NODE_W = 256;
const NODE_H = 192;
const GAP = 32;
const MAX_NODES = 50_000;
const SOURCE_COUNT = 6;

/**
 * A few distinct pictures (gradients and discs) as PNG blob URLs: no network involved, and URLs as
 * short as real media URLs (a data URL would put kilobytes per node into the Yjs document).
 */
function makeSources(): Promise<string[]> {
  const made = Array.from({ length: SOURCE_COUNT }, (_, i) => {
    const canvas = document.createElement('canvas');
    canvas.width = NODE_W;
    canvas.height = NODE_H;
    const ctx = canvas.getContext('2d');
    if (!ctx) return Promise.resolve('');
    const hue = (i * 360) / SOURCE_COUNT;
    const gradient = ctx.createLinearGradient(0, 0, NODE_W, NODE_H);
    gradient.addColorStop(0, `hsl(${hue},70%,60%)`);
    gradient.addColorStop(1, `hsl(${hue + 40},70%,30%)`);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, NODE_W, NODE_H);
    for (let d = 0; d < 5; d++) {
      ctx.fillStyle = `hsla(${hue + 180 + d * 20},80%,70%,0.7)`;
      ctx.beginPath();
      ctx.arc(40 + d * 45, 60 + (d % 2) * 70, 22 + d * 4, 0, Math.PI * 2);
      ctx.fill();
    }
    return new Promise<string>((resolve) => canvas.toBlob((blob) => resolve(blob ? URL.createObjectURL(blob) : ''), 'image/png'));
  });
  return Promise.all(made);
}

/** The project as the collaboration server would send it: one Yjs update. */
function buildUpdate(count: number, sources: string[]): Uint8Array {
  const doc = new Y.Doc();
  const cols = Math.max(1, Math.ceil(Math.sqrt(count * 1.5)));
  doc.transact(() => {
    for (let i = 0; i < count; i++) {
      const node: ImageNode = {
        id: `bench-${i}`,
        type: 'image',
        x: (i % cols) * (NODE_W + GAP),
        y: Math.floor(i / cols) * (NODE_H + GAP),
        width: NODE_W,
        height: NODE_H,
        rotation: 0,
        z: i + 1,
        parentId: null,
        locked: false,
        src: sources[i % sources.length] as string,
      };
      writeNode(doc, node);
    }
  });
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

export function CanvasBenchPage() {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const requested = Number(new URLSearchParams(window.location.search).get('nodes') ?? 1000);
    const count = Math.max(0, Math.min(MAX_NODES, Number.isFinite(requested) ? Math.floor(requested) : 1000));
    let cleanup: (() => void) | null = null;
    let cancelled = false;
    void makeSources().then((sources) => {
      if (!cancelled) cleanup = openBoard(container, count, sources);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, []);

  return <div ref={ref} data-testid="canvas-bench" className="fixed inset-0 z-[100] overflow-hidden bg-neutral-100" />;
}

/** Opens the board in the container and publishes `window.__canvasBench`; returns the teardown. */
function openBoard(container: HTMLDivElement, count: number, sources: string[]): () => void {
  const update = buildUpdate(count, sources);

  const started = performance.now();
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  const manager = new CanvasManager(doc, {
    user: { id: 'bench', name: 'Bench', color: '#6366f1' },
    readOnly: false,
    size: { width: container.clientWidth || 1, height: container.clientHeight || 1 },
  });
  const renderer = new KonvaRenderer(container, manager);
  // A developer page: the label is for screen readers only and not translated.
  const input = new DomInput(container, manager, { ariaLabel: 'Canvas benchmark' });
  manager.viewport.fitTo(manager.store.bounds());

  // The page is fixed full-screen: its rectangle does not change during a run.
  const rect = container.getBoundingClientRect();
  const wheel = (deltaX: number, deltaY: number, ctrlKey: boolean) => {
    container.dispatchEvent(
      new WheelEvent('wheel', { deltaX, deltaY, ctrlKey, clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, bubbles: true, cancelable: true }),
    );
  };

  /** Resolves once the camera has settled and a frame has been drawn after that. */
  const settled = async () => {
    while (manager.viewport.moving) await nextFrame();
    const frames = renderer.frames;
    renderer.flush();
    while (renderer.frames === frames) await nextFrame();
    await nextFrame();
  };

  const bench: CanvasBench = {
    nodes: count,
    openMs: Number.NaN,
    imagesMs: Number.NaN,
    async run(kind, ms) {
      const { viewport, store } = manager;
      const bounds = store.bounds();
      viewport.fitTo(bounds);
      const fitZoom = viewport.camera.zoom;
      // Panning happens zoomed in to twice the fit (a quarter of the board on screen),
      // zooming between the fit and four times it.
      if (kind === 'pan') viewport.zoomTo(fitZoom * 2);
      await settled();
      let dx = 12;
      let dy = 7;
      let zoomDelta = -3;
      let frames = 0;
      let worst = 0;
      const start = performance.now();
      let last = start;
      for (;;) {
        const now = await nextFrame();
        frames++;
        worst = Math.max(worst, now - last);
        last = now;
        if (now - start >= ms) break;
        if (kind === 'pan') {
          const view = viewport.visibleRect();
          if (bounds) {
            if (view.x + view.width >= bounds.x + bounds.width) dx = -Math.abs(dx);
            if (view.x <= bounds.x) dx = Math.abs(dx);
            if (view.y + view.height >= bounds.y + bounds.height) dy = -Math.abs(dy);
            if (view.y <= bounds.y) dy = Math.abs(dy);
          }
          wheel(dx, dy, false);
        } else {
          if (viewport.camera.zoom >= fitZoom * 4) zoomDelta = 3;
          if (viewport.camera.zoom <= fitZoom) zoomDelta = -3;
          wheel(0, zoomDelta, true);
        }
      }
      const elapsed = last - start;
      await settled();
      return { fps: (frames * 1000) / elapsed, frames, worstFrameMs: Math.round(worst * 10) / 10 };
    },
  };

  let disposed = false;
  const offFirst = renderer.onFrame(() => {
    offFirst();
    bench.openMs = Math.round(performance.now() - started);
    window.__canvasBench = bench;
  });
  void Promise.all(sources.map((src) => renderer.images.load(src))).then(async () => {
    if (disposed) return;
    await settled();
    bench.imagesMs = Math.round(performance.now() - started);
  });

  return () => {
    disposed = true;
    offFirst();
    if (window.__canvasBench === bench) delete window.__canvasBench;
    input.dispose();
    renderer.dispose();
    manager.dispose();
    doc.destroy();
    for (const src of sources) URL.revokeObjectURL(src);
  };
}

