/**
 * Creates a text node "Text" where clicked (or in the drawn box) and asks the UI to edit it
 * (`nodeActivated`).
 */
import { newNodeId } from '../ids.ts';
import type { Point, Rect } from '../types.ts';
import { DrawRectTool } from './DrawRectTool.ts';

export const DEFAULT_TEXT = 'Text';
export const DEFAULT_FONT_SIZE = 32;
const DEFAULT_TEXT_WIDTH = 200;
/** One line of the default font size. */
const LINE_HEIGHT = 1.25;
const MIN_TEXT_PX = 8;

export class TextTool extends DrawRectTool {
  readonly id = 'text' as const;
  protected readonly draftKind = 'text' as const;

  protected finish(drawn: Rect | null, point: Point): void {
    const m = this.manager;
    const lineHeight = DEFAULT_FONT_SIZE * LINE_HEIGHT;
    const rect = this.bigEnough(drawn, MIN_TEXT_PX)
      ? { ...drawn, height: Math.max(drawn.height, lineHeight) }
      : { x: point.x, y: point.y - lineHeight / 2, width: DEFAULT_TEXT_WIDTH, height: lineHeight };
    const [node] = m.insertNodes([{ id: newNodeId(), type: 'text', text: DEFAULT_TEXT, fontSize: DEFAULT_FONT_SIZE, ...rect, createdBy: m.options.user.id }], {
      select: true,
      intoFrames: true,
    });
    if (!node) return;
    m.emit('nodeActivated', { nodeId: node.id, type: 'text' });
  }
}
