/**
 * A node drawn in full detail: one Konva group per node, positioned in canvas units inside the
 * renderer's world group (which carries the camera). Views only receive data — the renderer
 * pushes each node's current value and the camera-dependent details through `update`; nothing is
 * ever read back from Konva. Rotation follows the engine's convention (geometry.ts): degrees about
 * the node's (x, y) corner, which is Konva's own.
 */
import type { CanvasNode, NodeType } from '@tessera/shared/canvas';
import Konva from 'konva';
import type { NodeProgress } from '../types.ts';
import type { ImageCache } from './imageCache.ts';

/** Texts the renderer draws on the canvas; the UI passes translated ones (English by default). */
export interface RendererLabels {
  /** Title of a frame without a name. */
  frame: string;
  /** "by Ana" under a placeholder's progress. */
  by(name: string): string;
  /** Stage shown before the first progress event. */
  queued: string;
  /** Heading of a failed placeholder. */
  failed: string;
  /** An image or poster that could not be loaded. */
  imageError: string;
}

export const DEFAULT_LABELS: RendererLabels = {
  frame: 'Frame',
  by: (name) => `by ${name}`,
  queued: 'Queued',
  failed: 'Generation failed',
  imageError: 'Image unavailable',
};

/** What views need to know about the moment they are drawn in. */
export interface ViewContext {
  /** Camera zoom (canvas → CSS pixels). */
  readonly zoom: number;
  readonly images: ImageCache;
  /** URL to draw for `src` shown `cssWidth` pixels wide (level of detail). */
  imageUrl(src: string, cssWidth: number): string;
  progress(nodeId: string): NodeProgress | undefined;
  readonly labels: RendererLabels;
  /** Animation clock, ms. */
  readonly now: number;
  /** Drawing for an export (frame → PNG): no on-canvas chrome such as play badges. */
  readonly exporting?: boolean;
}

/** Shared by every Konva shape of the canvas: input goes through the engine, not Konva's hit graph. */
export const SHAPE_DEFAULTS = { listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false } as const;

export const FONT_FAMILY = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export abstract class NodeView<N extends CanvasNode = CanvasNode> {
  readonly root: Konva.Group;
  node: N;
  private lastZoom = NaN;

  constructor(node: N) {
    this.node = node;
    this.root = new Konva.Group({ listening: false });
  }

  get id(): string {
    return this.node.id;
  }

  get type(): NodeType {
    return this.node.type;
  }

  /** Applies the node's value (and, when the zoom changed, its camera-dependent details). */
  update(node: N, ctx: ViewContext): void {
    const changed = node !== this.node || this.lastZoom !== ctx.zoom;
    this.node = node;
    if (!changed && !this.live()) return;
    this.lastZoom = ctx.zoom;
    this.root.setAttrs({ x: node.x, y: node.y, rotation: node.rotation });
    this.apply(node, ctx);
  }

  /** Still changing by itself (shimmer, playing video): the renderer keeps drawing frames. */
  animating(): boolean {
    return false;
  }

  destroy(): void {
    this.root.destroy();
  }

  /** Views whose look depends on more than the node and zoom (images loading, progress) re-apply every update. */
  protected live(): boolean {
    return false;
  }

  protected abstract apply(node: N, ctx: ViewContext): void;
}
