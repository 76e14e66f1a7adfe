/**
 * Dragging the rotate handle: the selection turns about its centre (a frame's children turn with
 * it); shift snaps to 15°. Committed once on release.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import { nodeCenter, normalizeDegrees, rectCenter, rotatePoint } from '../../geometry.ts';
import type { SelectionBox } from '../../handles.ts';
import type { Point } from '../../types.ts';
import type { ToolPointer } from '../BaseTool.ts';
import type { SelectChild, SelectTool } from '../SelectTool.ts';

export const ROTATION_SNAP_DEG = 15;

export class Rotating implements SelectChild {
  readonly name = 'rotating' as const;
  private readonly initial: CanvasNode[];
  /** The selected nodes and their descendants: everything that turns. */
  private readonly turning: CanvasNode[];
  private readonly centre: Point;
  private readonly startAngle: number;

  constructor(
    private readonly tool: SelectTool,
    start: ToolPointer,
    box: SelectionBox,
  ) {
    const m = tool.canvas;
    this.initial = box.ids.map((id) => m.store.committed(id)).filter((n): n is CanvasNode => !!n);
    this.turning = [...this.initial, ...m.store.descendantsOf(box.ids).map((id) => m.store.committed(id)).filter((n): n is CanvasNode => !!n)];
    const only = this.initial.length === 1 ? this.initial[0] : undefined;
    this.centre = only ? nodeCenter(only) : rectCenter(box.bounds);
    this.startAngle = this.angleOf(start.canvas);
  }

  onPointerMove(e: ToolPointer): void {
    let delta = this.angleOf(e.canvas) - this.startAngle;
    if (e.shiftKey) {
      const only = this.initial.length === 1 ? this.initial[0] : undefined;
      // One node snaps its absolute angle; a group snaps the turn.
      const from = only ? only.rotation : 0;
      delta = Math.round((from + delta) / ROTATION_SNAP_DEG) * ROTATION_SNAP_DEG - from;
    }
    const preview = new Map<string, Partial<CanvasNode>>();
    for (const n of this.turning) {
      const origin = rotatePoint(n, this.centre, delta);
      preview.set(n.id, { x: origin.x, y: origin.y, rotation: normalizeDegrees(n.rotation + delta) });
    }
    this.tool.canvas.store.setPreview(preview);
  }

  onPointerUp(e: ToolPointer): void {
    this.onPointerMove(e);
    const m = this.tool.canvas;
    m.store.commitPatches(new Map(m.store.currentPreview()));
    this.cancel();
    this.tool.transition(null);
  }

  cancel(): void {
    this.tool.canvas.store.setPreview(null);
  }

  private angleOf(p: Point): number {
    return (Math.atan2(p.y - this.centre.y, p.x - this.centre.x) * 180) / Math.PI;
  }
}
