/** A shape node: rectangle, ellipse or arrow (a horizontal arrow across the box; rotation points it). */
import type { ShapeKind, ShapeNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

export class ShapeNodeView extends NodeView<ShapeNode> {
  private shape: Konva.Shape | null = null;
  private kind: ShapeKind | null = null;

  protected apply(node: ShapeNode, _ctx: ViewContext): void {
    if (this.kind !== node.shape) {
      this.shape?.destroy();
      this.kind = node.shape;
      this.shape = node.shape === 'rect' ? new Konva.Rect({ ...SHAPE_DEFAULTS }) : node.shape === 'ellipse' ? new Konva.Ellipse({ ...SHAPE_DEFAULTS, radiusX: 1, radiusY: 1 }) : new Konva.Arrow({ ...SHAPE_DEFAULTS, points: [] });
      this.root.add(this.shape);
    }
    const paint = { fill: node.fill, stroke: node.stroke, strokeWidth: node.strokeWidth, strokeEnabled: node.strokeWidth > 0 };
    if (node.shape === 'rect') this.shape?.setAttrs({ ...paint, width: node.width, height: node.height });
    else if (node.shape === 'ellipse') this.shape?.setAttrs({ ...paint, x: node.width / 2, y: node.height / 2, radiusX: node.width / 2, radiusY: node.height / 2 });
    else {
      const head = Math.max(6, Math.min(node.height, node.width / 3, node.strokeWidth * 5));
      this.shape?.setAttrs({ ...paint, fill: node.stroke, points: [0, node.height / 2, node.width, node.height / 2], pointerLength: head, pointerWidth: head, strokeWidth: Math.max(1, node.strokeWidth) });
    }
  }
}
