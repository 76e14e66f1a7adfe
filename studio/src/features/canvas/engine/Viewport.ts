/**
 * The camera over the infinite canvas. screen = (canvas − camera.x/y) × zoom, so the camera's
 * x/y is the canvas point at the container's top-left corner.
 */
import { clamp } from './geometry.ts';
import { Observable } from './subscribable.ts';
import { MAX_ZOOM, MIN_ZOOM, type Camera, type Disposable, type Point, type Rect, type Subscribable } from './types.ts';

/** How long `moving` stays true after the last wheel event (the renderer keeps its layer caches meanwhile). */
export const WHEEL_SETTLE_MS = 150;
export const DEFAULT_FIT_PADDING = 64;

export class Viewport extends Observable implements Subscribable, Disposable {
  camera: Camera = { x: 0, y: 0, zoom: 1 };
  size: { width: number; height: number };
  /** True while a pan/zoom gesture runs and shortly after the last wheel event. */
  moving = false;
  private gestures = 0;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(size: { width: number; height: number }) {
    super();
    this.size = { ...size };
  }

  screenToCanvas(p: Point): Point {
    const { x, y, zoom } = this.camera;
    return { x: p.x / zoom + x, y: p.y / zoom + y };
  }

  canvasToScreen(p: Point): Point {
    const { x, y, zoom } = this.camera;
    return { x: (p.x - x) * zoom, y: (p.y - y) * zoom };
  }

  /** The visible area in canvas units. */
  visibleRect(): Rect {
    const { x, y, zoom } = this.camera;
    return { x, y, width: this.size.width / zoom, height: this.size.height / zoom };
  }

  setSize(size: { width: number; height: number }): void {
    if (size.width === this.size.width && size.height === this.size.height) return;
    this.size = { ...size };
    this.notify();
  }

  panBy(dxScreen: number, dyScreen: number): void {
    if (!dxScreen && !dyScreen) return;
    const { x, y, zoom } = this.camera;
    this.setCamera({ x: x - dxScreen / zoom, y: y - dyScreen / zoom, zoom });
  }

  /** Zooms by `factor` keeping the canvas point under `screenPoint` where it is. */
  zoomAt(screenPoint: Point, factor: number): void {
    const anchor = this.screenToCanvas(screenPoint);
    const zoom = clamp(this.camera.zoom * factor, MIN_ZOOM, MAX_ZOOM);
    this.setCamera({ x: anchor.x - screenPoint.x / zoom, y: anchor.y - screenPoint.y / zoom, zoom });
  }

  setCamera(c: Camera): void {
    const zoom = clamp(c.zoom, MIN_ZOOM, MAX_ZOOM);
    if (!Number.isFinite(c.x) || !Number.isFinite(c.y) || !Number.isFinite(zoom)) return;
    if (c.x === this.camera.x && c.y === this.camera.y && zoom === this.camera.zoom) return;
    this.camera = { x: c.x, y: c.y, zoom };
    this.notify();
  }

  /** Centres the rectangle and zooms so it fits with `padding` screen pixels around it; no-op for null. */
  fitTo(rect: Rect | null, padding = DEFAULT_FIT_PADDING): void {
    if (!rect) return;
    const availW = Math.max(1, this.size.width - 2 * padding);
    const availH = Math.max(1, this.size.height - 2 * padding);
    const zoom = clamp(Math.min(availW / Math.max(rect.width, 1e-6), availH / Math.max(rect.height, 1e-6)), MIN_ZOOM, MAX_ZOOM);
    this.centreOn({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }, zoom);
  }

  /** Zooms around the container's centre. */
  zoomTo(zoom: number): void {
    this.zoomAt({ x: this.size.width / 2, y: this.size.height / 2 }, zoom / this.camera.zoom);
  }

  /** Puts a canvas point at the centre of the container. */
  centreOn(p: Point, zoom = this.camera.zoom): void {
    const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
    this.setCamera({ x: p.x - this.size.width / 2 / z, y: p.y - this.size.height / 2 / z, zoom: z });
  }

  /** A pan/zoom gesture starts (hand drag, pinch): `moving` until the matching `endGesture`. */
  beginGesture(): void {
    this.gestures++;
    this.setMoving(true);
  }

  endGesture(): void {
    this.gestures = Math.max(0, this.gestures - 1);
    if (this.gestures === 0 && !this.settleTimer) this.setMoving(false);
  }

  /** A wheel event moved the camera: `moving` until WHEEL_SETTLE_MS after the last one. */
  nudgeMoving(): void {
    this.setMoving(true);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (this.gestures === 0) this.setMoving(false);
    }, WHEEL_SETTLE_MS);
  }

  override dispose(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    super.dispose();
  }

  private setMoving(moving: boolean): void {
    if (this.moving === moving) return;
    this.moving = moving;
    this.notify();
  }
}
