/** A text node: Konva.Text wrapped to the node's width (the height grows with the text). */
import type { TextNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { FONT_FAMILY, NodeView, SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

export class TextNodeView extends NodeView<TextNode> {
  private readonly text: Konva.Text;

  constructor(node: TextNode) {
    super(node);
    this.text = new Konva.Text({ ...SHAPE_DEFAULTS, fontFamily: FONT_FAMILY, wrap: 'word', lineHeight: 1.2 });
    this.root.add(this.text);
  }

  protected apply(node: TextNode, _ctx: ViewContext): void {
    this.text.setAttrs({ text: node.text, width: node.width, fontSize: node.fontSize, fill: node.fill, align: node.align });
  }
}
