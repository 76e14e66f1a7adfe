/**
 * Draws a frame. A click (or a box under 16 screen pixels) makes a default 512×512 frame centred
 * on the point. Top-level nodes lying wholly inside the new frame become its children (as in
 * Figma), so the frame never hides what it was drawn around. Emits `frameDrawn` for "prompt
 * into frame".
 */
import { zFrameNode } from '@tessera/shared/canvas';
import { containsRect, nodeAabb } from '../geometry.ts';
import { newNodeId } from '../ids.ts';
import type { Point, Rect } from '../types.ts';
import { DrawRectTool } from './DrawRectTool.ts';

export const MIN_FRAME_PX = 16;
export const DEFAULT_FRAME_SIZE = 512;

export class FrameTool extends DrawRectTool {
  readonly id = 'frame' as const;
  protected readonly draftKind = 'frame' as const;

  protected finish(drawn: Rect | null, point: Point): void {
    const m = this.manager;
    const rect = this.bigEnough(drawn, MIN_FRAME_PX)
      ? drawn
      : { x: point.x - DEFAULT_FRAME_SIZE / 2, y: point.y - DEFAULT_FRAME_SIZE / 2, width: DEFAULT_FRAME_SIZE, height: DEFAULT_FRAME_SIZE };
    const frame = zFrameNode.parse({ id: newNodeId(), type: 'frame', ...rect, z: m.store.topZ() + 1, createdBy: m.options.user.id });
    const adopted = m.store
      .query(rect)
      .filter((n) => !n.parentId && n.type !== 'frame' && containsRect(rect, nodeAabb(n)))
      .map((n) => n.id);
    m.store.commit((tx) => {
      tx.set(frame);
      for (const id of adopted) tx.patch(id, { parentId: frame.id });
    });
    m.selection.set([frame.id]);
    m.emit('frameDrawn', { nodeId: frame.id, rect });
  }
}
