/**
 * The gesture in flight, on the ui layer in screen space: the marquee, the snapping guides
 * (lines across the whole view) and drafts (a frame, a shape or a text box being drawn, an
 * image's expansion).
 */
import Konva from 'konva';
import type { Overlay, Rect } from '../types.ts';
import type { Viewport } from '../Viewport.ts';
import { SHAPE_DEFAULTS } from './NodeView.ts';
import { SELECTION_COLOR } from './SelectionView.ts';

export const GUIDE_COLOR = '#ec4899';

export class OverlayView {
  readonly shape: Konva.Shape;

  constructor(
    private readonly viewport: Viewport,
    private readonly overlay: () => Overlay,
  ) {
    this.shape = new Konva.Shape({ ...SHAPE_DEFAULTS, sceneFunc: (ctx) => this.draw(ctx._context) });
  }

  private toScreen(r: Rect): Rect {
    const a = this.viewport.canvasToScreen({ x: r.x, y: r.y });
    const z = this.viewport.camera.zoom;
    return { x: a.x, y: a.y, width: r.width * z, height: r.height * z };
  }

  private draw(c: CanvasRenderingContext2D): void {
    const { marquee, guides, draft } = this.overlay();
    const { width, height } = this.viewport.size;
    if (guides.vertical.length || guides.horizontal.length) {
      c.beginPath();
      for (const x of guides.vertical) {
        const sx = Math.round(this.viewport.canvasToScreen({ x, y: 0 }).x) + 0.5;
        c.moveTo(sx, 0);
        c.lineTo(sx, height);
      }
      for (const y of guides.horizontal) {
        const sy = Math.round(this.viewport.canvasToScreen({ x: 0, y }).y) + 0.5;
        c.moveTo(0, sy);
        c.lineTo(width, sy);
      }
      c.strokeStyle = GUIDE_COLOR;
      c.lineWidth = 1;
      c.stroke();
    }
    if (draft) {
      const r = this.toScreen(draft);
      c.fillStyle = draft.kind === 'frame' ? 'rgba(255,255,255,0.85)' : 'rgba(99,102,241,0.06)';
      c.fillRect(r.x, r.y, r.width, r.height);
      c.setLineDash(draft.kind === 'frame' ? [] : [6, 4]);
      c.strokeStyle = SELECTION_COLOR;
      c.lineWidth = 1;
      c.strokeRect(r.x + 0.5, r.y + 0.5, r.width, r.height);
      c.setLineDash([]);
    }
    if (marquee) {
      const r = this.toScreen(marquee);
      c.fillStyle = 'rgba(99,102,241,0.08)';
      c.fillRect(r.x, r.y, r.width, r.height);
      c.strokeStyle = SELECTION_COLOR;
      c.lineWidth = 1;
      c.strokeRect(r.x + 0.5, r.y + 0.5, r.width, r.height);
    }
  }
}
