/**
 * Small nodes drawn together by one Konva shape instead of one Konva node each: with thousands
 * of nodes on screen Konva's per-node cost (transforms, state save/restore) dominates, while a
 * tight loop of `drawImage`/`fillRect` stays cheap. A batch holds a run of consecutive nodes in
 * draw order (the renderer splits runs around full-detail views), so stacking stays right.
 */
import type { CanvasNode } from '@tessera/shared/canvas';
import Konva from 'konva';
import { DEG } from '../geometry.ts';
import { lodFor } from './lod.ts';
import { ERROR_FILL, LOADING_FILL } from './ImageNodeView.ts';
import { SHAPE_DEFAULTS, type ViewContext } from './NodeView.ts';

const TEXT_BOX_FILL = 'rgba(107,114,128,0.35)';
const PLACEHOLDER_FILL = '#e5e7eb';
const FAILED_FILL = '#fecaca';

export class FarBatch {
  readonly shape: Konva.Shape;
  items: CanvasNode[] = [];

  constructor(private readonly context: () => ViewContext) {
    this.shape = new Konva.Shape({ ...SHAPE_DEFAULTS, sceneFunc: (ctx) => this.draw(ctx._context) });
  }

  destroy(): void {
    this.shape.destroy();
  }

  private draw(c: CanvasRenderingContext2D): void {
    const ctx = this.context();
    const zoom = ctx.zoom;
    let fill = '';
    const setFill = (f: string) => {
      if (f !== fill) {
        c.fillStyle = f;
        fill = f;
      }
    };
    for (const node of this.items) {
      const rotated = node.rotation !== 0;
      let x = node.x;
      let y = node.y;
      if (rotated) {
        c.save();
        c.translate(x, y);
        c.rotate(node.rotation * DEG);
        x = 0;
        y = 0;
      }
      const size = Math.max(node.width, node.height) * zoom;
      const box = lodFor(size) === 'box';
      switch (node.type) {
        case 'image':
        case 'video': {
          const src = node.type === 'image' ? node.src : node.poster;
          if (!src) {
            setFill('#111827');
            c.fillRect(x, y, node.width, node.height);
            break;
          }
          if (box) {
            const known = ctx.images.bestLoaded(src);
            setFill((known && ctx.images.averageColor(known)) || LOADING_FILL);
            c.fillRect(x, y, node.width, node.height);
            break;
          }
          const wanted = ctx.images.request(ctx.imageUrl(src, node.width * zoom), src);
          const entry = wanted.state === 'loaded' ? wanted : ctx.images.bestLoaded(src);
          if (entry) c.drawImage(entry.image, x, y, node.width, node.height);
          else {
            setFill(wanted.state === 'error' ? ERROR_FILL : LOADING_FILL);
            c.fillRect(x, y, node.width, node.height);
          }
          break;
        }
        case 'shape': {
          setFill(node.fill);
          if (node.shape === 'ellipse' && !box) {
            c.beginPath();
            c.ellipse(x + node.width / 2, y + node.height / 2, node.width / 2, node.height / 2, 0, 0, Math.PI * 2);
            c.fill();
          } else if (node.shape === 'arrow') {
            setFill(node.stroke);
            c.fillRect(x, y + node.height / 2 - Math.max(node.strokeWidth, 1 / zoom) / 2, node.width, Math.max(node.strokeWidth, 1 / zoom));
          } else c.fillRect(x, y, node.width, node.height);
          break;
        }
        case 'frame':
          setFill(node.fill);
          c.fillRect(x, y, node.width, node.height);
          break;
        case 'text':
          setFill(TEXT_BOX_FILL);
          c.fillRect(x, y, node.width, Math.min(node.height, node.fontSize * 1.2));
          break;
        case 'placeholder':
          setFill(node.status === 'failed' ? FAILED_FILL : PLACEHOLDER_FILL);
          c.fillRect(x, y, node.width, node.height);
          break;
      }
      if (rotated) {
        c.restore();
        // restore() brings back the fill style saved before: track it again.
        fill = '';
      }
    }
  }
}
