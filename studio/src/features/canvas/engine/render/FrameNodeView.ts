/**
 * A frame: its fill with a hairline border and its title above the top-left corner at a constant
 * screen size. Children are separate views drawn right after (above) the frame and are not
 * clipped on the canvas — a flat draw list keeps culling and batching per node, and a child being
 * dragged out stays visible; the frame's export crops to its bounds.
 */
import type { FrameNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { FONT_FAMILY, NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

const TITLE_PX = 12;
const TITLE_GAP_PX = 6;

export class FrameNodeView extends NodeView<FrameNode> {
  private readonly body: Konva.Rect;
  private readonly title: Konva.Text;

  constructor(node: FrameNode) {
    super(node);
    this.body = new Konva.Rect({ ...SHAPE_DEFAULTS, stroke: '#d1d5db' });
    this.title = new Konva.Text({ ...SHAPE_DEFAULTS, fontFamily: FONT_FAMILY, fill: '#6b7280', wrap: 'none', ellipsis: true });
    this.root.add(this.body, this.title);
  }

  protected apply(node: FrameNode, ctx: ViewContext): void {
    this.body.setAttrs({ width: node.width, height: node.height, fill: node.fill, strokeWidth: 1 / ctx.zoom });
    const fontSize = TITLE_PX / ctx.zoom;
    this.title.setAttrs({ text: node.name || ctx.labels.frame, fontSize, y: -fontSize - TITLE_GAP_PX / ctx.zoom, width: node.width, height: fontSize * 1.2 });
  }
}
