/**
 * Draws a CanvasManager's state with Konva. Push only: it subscribes to the model (store changes,
 * camera, selection, overlay, presence, progress) and redraws at most once per animation frame;
 * it never reads positions back from Konva, never uses Konva's dragging or Transformer, and all
 * layers have listening off — input goes DOM → DomInput → manager, hit-testing is the model's
 * spatial index.
 *
 * Layers: `content` (the nodes, inside a `world` group that carries the camera), `ui` (selection,
 * handles, marquee, guides, drafts — screen space) and `presence` (collaborators).
 *
 * Speed, for boards of thousands of images on a CPU without a GPU:
 *  - culling: only nodes near the view exist as Konva nodes (store.query on the spatial index);
 *  - level of detail: small nodes are drawn by batches in plain loops (thumbnail or average-colour
 *    box), only large ones get a Konva view; images come at the resolution their size needs;
 *  - while the camera moves (`viewport.moving`) the content is drawn once into a bitmap with a
 *    margin around the view, a canvas element that each frame only moves and scales with a CSS
 *    transform (no drawing at all); it is re-rendered when the view leaves it or the zoom drifts
 *    too far, and the real nodes are drawn crisp again once movement stops.
 */
import Konva from 'konva';
import { SceneCanvas } from 'konva/lib/Canvas';
import type { CanvasManager } from './CanvasManager.ts';
import { isBatched, cullRect, displaySizeOf, imageWidthBucket, lodFor } from './render/lod.ts';
import { createNodeView } from './render/createNodeView.ts';
import { FarBatch } from './render/FarBatch.ts';
import { ImageCache } from './render/imageCache.ts';
import { DEFAULT_LABELS, type NodeView, type RendererLabels, type ViewContext } from './render/NodeView.ts';
import { OverlayView } from './render/OverlayView.ts';
import { PresenceView } from './render/PresenceView.ts';
import { SelectionView } from './render/SelectionView.ts';
import { VideoNodeView } from './render/VideoNodeView.ts';
import type { Camera, Disposable, Rect } from './types.ts';

export interface KonvaRendererOptions {
  /** Translated canvas texts (English defaults). */
  labels?: Partial<RendererLabels>;
}

/** Extra screen pixels around the view that get views while idle (small pans need no re-sync). */
const SETTLED_MARGIN_PX = 128;
/** Fraction of the view size rendered around it into the movement bitmap, per side. */
const SNAPSHOT_MARGIN = 0.5;
/**
 * While panning steadily, the bitmap is re-rendered with this share of its margin moved ahead of
 * the motion (0.6 → 1.6 margins ahead, 0.4 behind): fewer re-renders for the same bitmap size.
 */
const SNAPSHOT_LEAD = 0.6;
/** Zooming in past this factor over the bitmap re-renders it (it would look blurry). */
const SNAPSHOT_MAX_SCALE = 2;
/** Placeholder shimmer redraw interval, ms (a video playing redraws every frame). */
const SHIMMER_INTERVAL_MS = 50;
/** Konva's device pixel ratio is capped: 3× canvases cost 2.25× the pixels of 2× for little gain. */
const MAX_PIXEL_RATIO = 2;

interface Snapshot {
  canvas: SceneCanvas;
  camera: Camera;
  marginX: number;
  marginY: number;
  width: number;
  height: number;
}

export class KonvaRenderer implements Disposable {
  readonly stage: Konva.Stage;
  readonly contentLayer: Konva.Layer;
  readonly uiLayer: Konva.Layer;
  readonly presenceLayer: Konva.Layer;
  /** The canvas's images (frame export draws from the same cache). */
  readonly images: ImageCache;
  readonly labels: RendererLabels;
  /** Frames drawn so far (the bench and tests wait on it). */
  frames = 0;

  private readonly world: Konva.Group;
  private readonly views = new Map<string, NodeView>();
  private readonly batches: FarBatch[] = [];
  private snapshot: Snapshot | null = null;
  private snapshotCanvas: SceneCanvas | null = null;
  /** The cull rectangle and zoom the current views were made for. */
  private synced: { rect: Rect; zoom: number } | null = null;
  private needsSync = true;
  private needsContent = true;
  private needsUi = true;
  private needsPresence = true;
  /** Whether the ui / presence layer canvases hold drawings now. */
  private uiDrawnContent = true;
  private presenceDrawnContent = true;
  private drawnCamera: Camera | null = null;
  private frameHandle: number | null = null;
  private lastAnimation = 0;
  private now = 0;
  private readonly urlMemo = new Map<string, Map<number, string>>();
  private readonly frameListeners = new Set<() => void>();
  private readonly unsubscribes: (() => void)[] = [];
  private disposed = false;
  private readonly viewContext: ViewContext;

  constructor(
    readonly container: HTMLDivElement,
    readonly manager: CanvasManager,
    options: KonvaRendererOptions = {},
  ) {
    // Must be set before the stage creates its canvases.
    Konva.pixelRatio = Math.min(MAX_PIXEL_RATIO, window.devicePixelRatio || 1);
    this.labels = { ...DEFAULT_LABELS, ...options.labels };
    this.images = new ImageCache();
    const { width, height } = manager.viewport.size;
    this.stage = new Konva.Stage({ container, width: Math.max(1, width), height: Math.max(1, height), listening: false });
    this.contentLayer = new Konva.Layer({ listening: false });
    this.uiLayer = new Konva.Layer({ listening: false });
    this.presenceLayer = new Konva.Layer({ listening: false });
    this.stage.add(this.contentLayer, this.uiLayer, this.presenceLayer);

    this.world = new Konva.Group({ listening: false });
    this.contentLayer.add(this.world);

    // Live values: views read the camera and the animation clock at the moment they draw.
    const viewport = manager.viewport;
    const clock = () => this.now;
    this.viewContext = {
      get zoom() {
        return viewport.camera.zoom;
      },
      images: this.images,
      imageUrl: (src, cssWidth) => this.imageUrl(src, cssWidth),
      progress: (id) => this.manager.progress.get(id),
      labels: this.labels,
      get now() {
        return clock();
      },
    };

    const selection = new SelectionView({
      store: manager.store,
      viewport: manager.viewport,
      selectedIds: () => manager.selection.ids,
      showHandles: () => !manager.options.readOnly,
    });
    const overlay = new OverlayView(manager.viewport, () => manager.overlay.value);
    this.uiLayer.add(overlay.shape, selection.shape);
    const presence = new PresenceView(manager.store, manager.viewport, () => manager.presence.peers());
    this.presenceLayer.add(presence.shape);

    const { store } = manager;
    this.unsubscribes.push(
      store.subscribeChanges(() => {
        this.needsSync = true;
        this.needsUi = true;
        this.needsPresence = true;
        this.schedule();
      }),
      viewport.subscribe(() => this.schedule()),
      // Tool and read-only changes show or hide the handles.
      manager.tools.subscribe(() => {
        this.needsUi = true;
        this.schedule();
      }),
      manager.selection.subscribe(() => {
        this.needsUi = true;
        this.schedule();
      }),
      manager.overlay.subscribe(() => {
        this.needsUi = true;
        this.schedule();
      }),
      manager.presence.subscribe(() => {
        this.needsPresence = true;
        this.schedule();
      }),
      manager.progress.subscribe(() => {
        this.needsContent = true;
        this.schedule();
      }),
      this.images.subscribe(() => {
        this.needsContent = true;
        this.schedule();
      }),
      manager.on('nodeActivated', ({ nodeId, type }) => {
        if (type !== 'video') return;
        const view = this.views.get(nodeId);
        if (view instanceof VideoNodeView)
          view.toggle(() => {
            this.needsContent = true;
            this.schedule();
          });
      }),
    );
    this.schedule();
  }

  /** Called after each drawn frame; returns the unsubscribe function. */
  onFrame(listener: () => void): () => void {
    this.frameListeners.add(listener);
    return () => {
      this.frameListeners.delete(listener);
    };
  }

  /** Draws now instead of at the next animation frame (tests, export). */
  flush(): void {
    if (this.frameHandle !== null) cancelAnimationFrame(this.frameHandle);
    this.frameHandle = null;
    this.frame(performance.now());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.frameHandle !== null) cancelAnimationFrame(this.frameHandle);
    this.frameHandle = null;
    for (const off of this.unsubscribes) off();
    for (const view of this.views.values()) view.destroy();
    this.views.clear();
    for (const batch of this.batches) batch.destroy();
    this.frameListeners.clear();
    this.stage.destroy();
    if (this.snapshotCanvas) {
      this.snapshotCanvas._canvas.remove();
      // Frees the bitmap now (Safari keeps detached canvases' memory otherwise).
      this.snapshotCanvas.setSize(0, 0);
    }
    this.images.dispose();
  }

  private schedule(): void {
    if (this.frameHandle === null && !this.disposed) this.frameHandle = requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.frameHandle = null;
    if (this.disposed) return;
    this.now = now;
    const { viewport } = this.manager;
    // Every Konva change below is followed by an explicit draw in this frame: Konva's own
    // draw-on-change would draw the same layers again in the next one.
    const autoDraw = Konva.autoDrawEnabled;
    Konva.autoDrawEnabled = false;
    try {
      const { width, height } = viewport.size;
      if (width > 0 && height > 0 && (width !== this.stage.width() || height !== this.stage.height())) {
        this.stage.size({ width, height });
        this.needsContent = this.needsUi = this.needsPresence = true;
        // The bitmap no longer matches the view's size: made again (moving) or dropped (idle).
        if (this.snapshot) this.hideSnapshot();
      }
      const camera = viewport.camera;
      const cameraChanged = !this.drawnCamera || camera.x !== this.drawnCamera.x || camera.y !== this.drawnCamera.y || camera.zoom !== this.drawnCamera.zoom;
      if (viewport.moving) this.renderMoving(cameraChanged);
      else this.renderSettled(now);
      // An empty layer that was empty before needs no clearing: while panning an unselected
      // board that saves two full-size canvas clears and uploads per frame.
      const uiHasContent = this.uiHasContent();
      if ((this.needsUi || cameraChanged) && (uiHasContent || this.uiDrawnContent)) {
        this.uiLayer.drawScene();
        this.uiDrawnContent = uiHasContent;
      }
      this.needsUi = false;
      const presenceHasContent = this.manager.presence.peers().length > 0;
      if ((this.needsPresence || cameraChanged) && (presenceHasContent || this.presenceDrawnContent)) {
        this.presenceLayer.drawScene();
        this.presenceDrawnContent = presenceHasContent;
      }
      this.needsPresence = false;
      this.drawnCamera = { ...camera };
    } finally {
      Konva.autoDrawEnabled = autoDraw;
    }
    this.frames++;
    for (const listener of [...this.frameListeners]) listener();
    if (this.animating() && !viewport.moving) this.schedule();
  };

  private uiHasContent(): boolean {
    const { marquee, draft, guides } = this.manager.overlay.value;
    return this.manager.selection.ids.length > 0 || !!marquee || !!draft || guides.vertical.length > 0 || guides.horizontal.length > 0;
  }

  private animating(): boolean {
    for (const view of this.views.values()) if (view.animating()) return true;
    return false;
  }

  /** Idle (or between gestures): the real nodes, crisp. */
  private renderSettled(now: number): void {
    let redraw = this.needsContent;
    const endingMovement = !!this.snapshot;
    if (endingMovement) {
      // The views were made for the bitmap's wide margin: back to what the view needs.
      this.needsSync = true;
      redraw = true;
    }
    const { viewport } = this.manager;
    const camera = viewport.camera;
    const view = viewport.visibleRect();
    const s = this.synced;
    const inside = !!s && s.zoom === camera.zoom && view.x >= s.rect.x && view.y >= s.rect.y && view.x + view.width <= s.rect.x + s.rect.width && view.y + view.height <= s.rect.y + s.rect.height;
    if (this.needsSync || !inside) {
      this.sync(cullRect(viewport, SETTLED_MARGIN_PX));
      redraw = true;
    } else if (this.needsContent) this.updateViews();
    const animating = this.animating();
    if (animating && now - this.lastAnimation >= SHIMMER_INTERVAL_MS) {
      this.updateViews();
      redraw = true;
    } else if (animating && this.hasPlayingVideo()) redraw = true;
    if (this.placeWorld() || redraw) {
      if (animating) this.lastAnimation = now;
      this.contentLayer.drawScene();
    }
    // Swapped back in the same task as the crisp draw: no frame shows neither.
    if (endingMovement) this.hideSnapshot();
    this.needsContent = false;
  }

  private hasPlayingVideo(): boolean {
    for (const view of this.views.values()) if (view instanceof VideoNodeView && view.isPlaying) return true;
    return false;
  }

  /**
   * The camera is moving: the bitmap is a canvas element moved and scaled with a CSS transform,
   * so a frame costs the compositor one blit and no drawing at all; it is re-rendered when the
   * view leaves it.
   */
  private renderMoving(cameraChanged: boolean): void {
    if (!this.snapshot || !this.snapshotCovers()) this.takeSnapshot(this.panDirection());
    else if (!cameraChanged) return;
    this.placeSnapshot();
  }

  /** Which way the view is panning (−1, 0, 1 per axis) since the last frame; zooming counts as none. */
  private panDirection(): { x: number; y: number } {
    const before = this.drawnCamera;
    const now = this.manager.viewport.camera;
    if (!this.snapshot || !before || before.zoom !== now.zoom) return { x: 0, y: 0 };
    return { x: Math.sign(now.x - before.x), y: Math.sign(now.y - before.y) };
  }

  private placeWorld(): boolean {
    const { x, y, zoom } = this.manager.viewport.camera;
    const next = { x: -x * zoom, y: -y * zoom, scaleX: zoom, scaleY: zoom };
    const w = this.world;
    if (w.x() === next.x && w.y() === next.y && w.scaleX() === zoom && w.scaleY() === zoom) return false;
    w.setAttrs(next);
    return true;
  }

  /** Re-applies node data to every live view (images arrived, progress moved, zoom changed). */
  private updateViews(): void {
    const { store } = this.manager;
    for (const view of this.views.values()) {
      const node = store.get(view.id);
      if (node && node.type === view.type) view.update(node, this.viewContext);
    }
  }

  /**
   * Rebuilds the draw list for the canvas area `rect`: full views for large nodes (made or
   * reused), batches for runs of small ones, in draw order; views that left are destroyed.
   */
  private sync(rect: Rect): void {
    const { store, viewport } = this.manager;
    const zoom = viewport.camera.zoom;
    const nodes = store.query(rect);
    const children: (Konva.Group | Konva.Shape)[] = [];
    const keep = new Set<string>();
    let batch: FarBatch | null = null;
    let usedBatches = 0;
    for (const node of nodes) {
      const lod = lodFor(displaySizeOf(node, zoom));
      if (isBatched(node, lod)) {
        if (!batch) {
          batch = this.batches[usedBatches] ?? this.newBatch();
          usedBatches++;
          batch.items = [];
          children.push(batch.shape);
        }
        batch.items.push(node);
        continue;
      }
      batch = null;
      let view = this.views.get(node.id);
      if (view && view.type !== node.type) {
        // A placeholder resolved in place (or any type change): a new view of the right kind.
        view.destroy();
        view = undefined;
      }
      if (!view) {
        view = createNodeView(node);
        this.views.set(node.id, view);
      }
      view.update(node, this.viewContext);
      keep.add(node.id);
      children.push(view.root);
    }
    for (const [id, view] of this.views) {
      if (keep.has(id)) continue;
      view.destroy();
      this.views.delete(id);
    }
    for (let i = usedBatches; i < this.batches.length; i++) this.batches[i]!.items = [];
    const current = this.world.getChildren();
    if (current.length !== children.length || children.some((child, i) => current[i] !== child)) {
      this.world.removeChildren();
      if (children.length) this.world.add(...children);
    }
    this.synced = { rect, zoom };
    this.needsSync = false;
  }

  private newBatch(): FarBatch {
    const batch = new FarBatch(() => this.viewContext);
    this.batches.push(batch);
    return batch;
  }

  /** Renders the content around the view into the movement bitmap (device pixel ratio 1: it is only seen moving). */
  private takeSnapshot(direction: { x: number; y: number }): void {
    const { viewport } = this.manager;
    const { width, height } = viewport.size;
    const { x, y, zoom } = viewport.camera;
    const w = width + 2 * Math.ceil(width * SNAPSHOT_MARGIN);
    const h = height + 2 * Math.ceil(height * SNAPSHOT_MARGIN);
    // Left/top margins: less behind the motion, more ahead of it.
    const marginX = Math.round(((w - width) / 2) * (1 - SNAPSHOT_LEAD * direction.x));
    const marginY = Math.round(((h - height) / 2) * (1 - SNAPSHOT_LEAD * direction.y));
    this.sync({ x: x - marginX / zoom, y: y - marginY / zoom, width: w / zoom, height: h / zoom });
    this.updateViews();
    this.placeWorld();
    this.snapshotCanvas ??= new SceneCanvas({ width: w, height: h, pixelRatio: 1 });
    const canvas = this.snapshotCanvas;
    canvas.setSizeIfChanged(w, h);
    const context = canvas.getContext();
    context.clear();
    context.save();
    context.translate(marginX, marginY);
    this.world.drawScene(canvas);
    context.restore();
    this.snapshot = { canvas, camera: { ...viewport.camera }, marginX, marginY, width: w, height: h };
    const element = canvas._canvas;
    if (!element.isConnected) {
      // Right above the content layer's canvas, under the ui and presence layers.
      Object.assign(element.style, { position: 'absolute', left: '0px', top: '0px', transformOrigin: '0 0', pointerEvents: 'none', willChange: 'transform' });
      this.contentLayer.getNativeCanvasElement().after(element);
    }
    element.style.display = 'block';
    this.contentLayer.getNativeCanvasElement().style.visibility = 'hidden';
  }

  private hideSnapshot(): void {
    this.snapshot = null;
    this.contentLayer.getNativeCanvasElement().style.visibility = '';
    if (this.snapshotCanvas) this.snapshotCanvas._canvas.style.display = 'none';
  }

  private snapshotCovers(): boolean {
    const s = this.snapshot;
    if (!s) return false;
    const { viewport } = this.manager;
    const cam = viewport.camera;
    if (cam.zoom / s.camera.zoom > SNAPSHOT_MAX_SCALE) return false;
    const z0 = s.camera.zoom;
    const x0 = s.camera.x - s.marginX / z0;
    const y0 = s.camera.y - s.marginY / z0;
    const view = viewport.visibleRect();
    // Half a screen pixel of slack: float noise must not force a re-render.
    const eps = 0.5 / cam.zoom;
    return view.x >= x0 - eps && view.y >= y0 - eps && view.x + view.width <= x0 + s.width / z0 + eps && view.y + view.height <= y0 + s.height / z0 + eps;
  }

  /** Where the bitmap goes for the current camera: canvas point p sits at (p − cam) × zoom on screen. */
  private placeSnapshot(): void {
    const s = this.snapshot;
    if (!s) return;
    const cam = this.manager.viewport.camera;
    const k = cam.zoom / s.camera.zoom;
    const tx = (s.camera.x - cam.x) * cam.zoom - s.marginX * k;
    const ty = (s.camera.y - cam.y) * cam.zoom - s.marginY * k;
    s.canvas._canvas.style.transform = `translate(${tx}px, ${ty}px) scale(${k})`;
  }

  /**
   * The LOD URL for `src` shown `cssWidth` CSS pixels wide. The width is rounded up to a power of
   * two so zooming changes URLs only across buckets (the resolver applies the screen's density);
   * memoised, as batches ask per node per draw.
   */
  private imageUrl(src: string, cssWidth: number): string {
    const bucket = imageWidthBucket(cssWidth);
    let bySize = this.urlMemo.get(src);
    if (!bySize) {
      bySize = new Map();
      this.urlMemo.set(src, bySize);
    }
    let url = bySize.get(bucket);
    if (url === undefined) {
      const resolve = this.manager.options.resolveImageUrl;
      url = resolve ? resolve(src, bucket) : src;
      bySize.set(bucket, url);
    }
    return url;
  }
}
