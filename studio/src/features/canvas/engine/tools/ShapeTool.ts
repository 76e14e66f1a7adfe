/** Draws a rectangle or an ellipse; a click makes a default 200×200 shape centred on the point. */
import { newNodeId } from '../ids.ts';
import type { Point, Rect } from '../types.ts';
import { DrawRectTool } from './DrawRectTool.ts';

export const DEFAULT_SHAPE_SIZE = 200;
const MIN_SHAPE_PX = 8;

export class ShapeTool extends DrawRectTool {
  protected readonly draftKind = 'shape' as const;

  constructor(
    manager: ConstructorParameters<typeof DrawRectTool>[0],
    readonly id: 'rect' | 'ellipse',
  ) {
    super(manager);
  }

  protected finish(drawn: Rect | null, point: Point): void {
    const m = this.manager;
    const rect = this.bigEnough(drawn, MIN_SHAPE_PX)
      ? drawn
      : { x: point.x - DEFAULT_SHAPE_SIZE / 2, y: point.y - DEFAULT_SHAPE_SIZE / 2, width: DEFAULT_SHAPE_SIZE, height: DEFAULT_SHAPE_SIZE };
    m.insertNodes([{ id: newNodeId(), type: 'shape', shape: this.id, ...rect, createdBy: m.options.user.id }], { select: true, intoFrames: true });
  }
}
