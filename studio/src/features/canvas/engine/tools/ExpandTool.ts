/**
 * Uncrop: with one image selected, drag its edges outward. The draft (overlay kind 'expand')
 * shows the new canvas; on release `expandDrawn` gives how far each side moved out. Nothing is
 * written to the document — the UI starts the generation, which creates the placeholder. The
 * draft stays visible until the next press, escape or a tool change.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { nodeAabb } from '../geometry.ts';
import type { Rect } from '../types.ts';
import { BaseTool, type ToolPointer } from './BaseTool.ts';

/** How close (screen pixels) to an edge a press grabs that edge. */
export const EXPAND_EDGE_PX = 12;

interface Edges {
  left: boolean;
  top: boolean;
  right: boolean;
  bottom: boolean;
}

export class ExpandTool extends BaseTool {
  readonly id = 'expand' as const;
  private target: { node: CanvasNode; box: Rect; edges: Edges } | null = null;

  /** The image the tool works on: the single selected image. */
  targetImage(): CanvasNode | null {
    const ids = this.manager.selection.ids;
    const node = ids.length === 1 ? this.manager.store.get(ids[0] as string) : undefined;
    return node?.type === 'image' ? node : null;
  }

  override onPointerDown(e: ToolPointer): void {
    if (e.button !== 0) return;
    this.manager.overlay.set({ draft: null });
    if (this.manager.readOnly) {
      this.refuse();
      return;
    }
    const node = this.targetImage();
    if (!node) return;
    const box = nodeAabb(node);
    const tol = EXPAND_EDGE_PX / this.manager.viewport.camera.zoom;
    const p = e.canvas;
    // An edge is grabbed when the press is near it or beyond it.
    const edges: Edges = {
      left: p.x <= box.x + tol,
      right: p.x >= box.x + box.width - tol,
      top: p.y <= box.y + tol,
      bottom: p.y >= box.y + box.height - tol,
    };
    if (!edges.left && !edges.right && !edges.top && !edges.bottom) return;
    this.target = { node, box, edges };
    this.setState('dragging');
    this.onPointerMove(e);
  }

  override onPointerMove(e: ToolPointer): void {
    if (!this.target) return;
    const a = this.amounts(e);
    const { box, node } = this.target;
    this.manager.overlay.set({
      draft: { x: box.x - a.left, y: box.y - a.top, width: box.width + a.left + a.right, height: box.height + a.top + a.bottom, kind: 'expand', nodeId: node.id },
    });
  }

  override onPointerUp(e: ToolPointer): void {
    if (!this.target) return;
    const a = this.amounts(e);
    const nodeId = this.target.node.id;
    this.target = null;
    this.setState('idle');
    if (a.left + a.top + a.right + a.bottom <= 0) {
      this.manager.overlay.set({ draft: null });
      return;
    }
    this.manager.emit('expandDrawn', { nodeId, ...a });
  }

  override cancel(): boolean {
    this.target = null;
    return super.cancel();
  }

  override onExit(): void {
    this.cancel();
    this.manager.overlay.set({ draft: null });
  }

  /** Outward distance of the pointer beyond each grabbed edge, whole canvas units, never negative. */
  private amounts(e: ToolPointer): { left: number; top: number; right: number; bottom: number } {
    const { box, edges } = this.target as NonNullable<typeof this.target>;
    const p = e.canvas;
    const out = (on: boolean, d: number) => (on ? Math.max(0, Math.round(d)) : 0);
    return {
      left: out(edges.left, box.x - p.x),
      top: out(edges.top, box.y - p.y),
      right: out(edges.right, p.x - (box.x + box.width)),
      bottom: out(edges.bottom, p.y - (box.y + box.height)),
    };
  }
}
