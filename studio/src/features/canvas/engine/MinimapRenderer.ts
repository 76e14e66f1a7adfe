/**
 * The minimap: every node as a box on a small canvas, with the visible area outlined; clicking or
 * dragging on it moves the camera there. Node boxes are one path per redraw, cached in an
 * offscreen canvas and redrawn at most every MINIMAP_NODES_MS (remote edits and drags change the
 * document many times a second), while the view rectangle follows the camera every frame.
 */
import type { CanvasManager } from './CanvasManager.ts';
import { containsRect, unionRects } from './geometry.ts';
import type { Disposable, Point, Rect } from './types.ts';

/** Shortest interval between two redraws of the node boxes, ms. */
export const MINIMAP_NODES_MS = 250;
/** Room left around the content, as a fraction of its size. */
const WORLD_PADDING = 0.1;

export class MinimapRenderer implements Disposable {
  private readonly nodesCanvas: HTMLCanvasElement;
  private world: Rect | null = null;
  private nodesDirty = true;
  private nodesDrawnAt = -Infinity;
  private frameHandle: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dragging: number | null = null;
  private readonly unsubscribes: (() => void)[] = [];
  private readonly resizeObserver: ResizeObserver | null = null;
  private size = { width: 0, height: 0, ratio: 1 };

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly manager: CanvasManager,
  ) {
    this.nodesCanvas = document.createElement('canvas');
    this.unsubscribes.push(
      manager.store.subscribeChanges(() => {
        this.nodesDirty = true;
        this.schedule();
      }),
      manager.viewport.subscribe(() => this.schedule()),
    );
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => {
        this.nodesDirty = true;
        this.schedule();
      });
      this.resizeObserver.observe(canvas);
    }
    this.schedule();
  }

  dispose(): void {
    if (this.frameHandle !== null) cancelAnimationFrame(this.frameHandle);
    if (this.timer) clearTimeout(this.timer);
    this.frameHandle = null;
    this.timer = null;
    for (const off of this.unsubscribes) off();
    this.resizeObserver?.disconnect();
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('pointercancel', this.onPointerUp);
    if (this.dragging !== null) this.manager.viewport.endGesture();
    this.dragging = null;
  }

  /** Canvas point shown at a minimap point (CSS pixels relative to the minimap). */
  minimapToCanvas(p: Point): Point | null {
    const t = this.transform();
    if (!t) return null;
    return { x: (p.x - t.offsetX) / t.scale + t.world.x, y: (p.y - t.offsetY) / t.scale + t.world.y };
  }

  private schedule(): void {
    if (this.frameHandle === null) this.frameHandle = requestAnimationFrame(this.draw);
  }

  /** World → minimap scale and offsets (the world centred, aspect kept). */
  private transform(): { world: Rect; scale: number; offsetX: number; offsetY: number } | null {
    const world = this.world;
    const { width, height } = this.size;
    if (!world || width <= 0 || height <= 0) return null;
    const scale = Math.min(width / world.width, height / world.height);
    return { world, scale, offsetX: (width - world.width * scale) / 2, offsetY: (height - world.height * scale) / 2 };
  }

  private readonly draw = (): void => {
    this.frameHandle = null;
    const { canvas, manager } = this;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = canvas.clientWidth || canvas.width;
    const height = canvas.clientHeight || canvas.height;
    if (width !== this.size.width || height !== this.size.height || ratio !== this.size.ratio) {
      this.size = { width, height, ratio };
      canvas.width = this.nodesCanvas.width = Math.round(width * ratio);
      canvas.height = this.nodesCanvas.height = Math.round(height * ratio);
      this.nodesDirty = true;
    }
    const view = manager.viewport.visibleRect();
    // The world grows to keep the view inside; it shrinks back only when the nodes are redrawn.
    if (!this.world || !containsRect(this.world, view)) this.nodesDirty = true;
    if (this.nodesDirty) {
      const wait = this.nodesDrawnAt + MINIMAP_NODES_MS - performance.now();
      if (wait <= 0 || !this.world) this.drawNodes(view);
      else {
        this.timer ??= setTimeout(() => {
          this.timer = null;
          this.schedule();
        }, wait);
      }
    }
    const ctx = canvas.getContext('2d');
    const t = this.transform();
    if (!ctx || !t) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(this.nodesCanvas, 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const x = (view.x - t.world.x) * t.scale + t.offsetX;
    const y = (view.y - t.world.y) * t.scale + t.offsetY;
    ctx.fillStyle = 'rgba(99,102,241,0.12)';
    ctx.fillRect(x, y, view.width * t.scale, view.height * t.scale);
    ctx.strokeStyle = '#6366f1';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x, y, view.width * t.scale, view.height * t.scale);
  };

  private drawNodes(view: Rect): void {
    this.nodesDirty = false;
    this.nodesDrawnAt = performance.now();
    const { store } = this.manager;
    const content = store.bounds();
    const base = unionRects(content ? [content, view] : [view]) as Rect;
    const padX = base.width * WORLD_PADDING;
    const padY = base.height * WORLD_PADDING;
    this.world = { x: base.x - padX, y: base.y - padY, width: base.width + 2 * padX, height: base.height + 2 * padY };
    const ctx = this.nodesCanvas.getContext('2d');
    const t = this.transform();
    if (!ctx || !t) return;
    const { ratio } = this.size;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.nodesCanvas.width, this.nodesCanvas.height);
    ctx.setTransform(ratio * t.scale, 0, 0, ratio * t.scale, ratio * (t.offsetX - t.world.x * t.scale), ratio * (t.offsetY - t.world.y * t.scale));
    // At least half a minimap pixel, so tiny nodes still show.
    const min = 0.5 / t.scale;
    const frames = new Path2D();
    const others = new Path2D();
    for (const node of store.all()) {
      const path = node.type === 'frame' ? frames : others;
      path.rect(node.x, node.y, Math.max(min, node.width), Math.max(min, node.height));
    }
    ctx.fillStyle = '#e5e7eb';
    ctx.fill(frames);
    ctx.fillStyle = '#9ca3af';
    ctx.fill(others);
  }

  private moveCameraTo(e: PointerEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    const p = this.minimapToCanvas({ x: e.clientX - rect.left, y: e.clientY - rect.top });
    if (p) this.manager.viewport.centreOn(p);
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    this.canvas.setPointerCapture?.(e.pointerId);
    this.dragging = e.pointerId;
    // Moving the camera myself ends following a collaborator, as panning does.
    this.manager.presence.follow(null);
    this.manager.viewport.beginGesture();
    this.moveCameraTo(e);
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    if (this.dragging === e.pointerId) this.moveCameraTo(e);
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    if (this.dragging !== e.pointerId) return;
    this.dragging = null;
    this.canvas.releasePointerCapture?.(e.pointerId);
    this.manager.viewport.endGesture();
  };
}
