/**
 * A frame and everything in it as one PNG at 1:1 (one canvas unit = one pixel): an offscreen
 * Konva stage with the frame's fill and its descendants' full-detail views, clipped to the frame
 * and un-rotated, after every image has loaded at full resolution (no level of detail).
 */
import { AppError } from '@tessera/shared/errors';
import Konva from 'konva';
import type { CanvasManager } from './CanvasManager.ts';
import { DEG } from './geometry.ts';
import type { KonvaRenderer } from './KonvaRenderer.ts';
import { createNodeView } from './render/createNodeView.ts';
import type { ViewContext } from './render/NodeView.ts';

/** Browsers refuse canvases beyond ~16k pixels a side; larger frames are scaled down to this. */
const MAX_SIDE = 8192;

export async function exportFrame(manager: CanvasManager, renderer: KonvaRenderer, frameId: string): Promise<Blob> {
  const { store } = manager;
  const frame = store.get(frameId);
  if (!frame || frame.type !== 'frame') throw new AppError('NOT_FOUND');
  const nodes = store.sortByOrder(store.descendantsOf([frameId]));
  const images = renderer.images;
  await Promise.all(
    nodes.flatMap((node) => {
      const src = node.type === 'image' ? node.src : node.type === 'video' ? node.poster : undefined;
      return src ? [images.load(src, src)] : [];
    }),
  );

  const scale = Math.min(1, MAX_SIDE / Math.max(frame.width, frame.height));
  const width = Math.max(1, Math.round(frame.width * scale));
  const height = Math.max(1, Math.round(frame.height * scale));
  const container = document.createElement('div');
  const stage = new Konva.Stage({ container, width, height, listening: false });
  try {
    const layer = new Konva.Layer({ listening: false });
    stage.add(layer);
    const clip = new Konva.Group({ listening: false, clipX: 0, clipY: 0, clipWidth: width, clipHeight: height });
    // The frame's own frame of reference: undo its rotation about (x, y), then its position.
    const r = -frame.rotation * DEG;
    const content = new Konva.Group({
      listening: false,
      scaleX: scale,
      scaleY: scale,
      rotation: -frame.rotation,
      x: scale * (-frame.x * Math.cos(r) + frame.y * Math.sin(r)),
      y: scale * (-frame.x * Math.sin(r) - frame.y * Math.cos(r)),
    });
    layer.add(clip);
    clip.add(new Konva.Rect({ listening: false, width, height, fill: frame.fill }), content);
    const ctx: ViewContext = {
      zoom: 1,
      images,
      imageUrl: (src) => src,
      progress: (id) => manager.progress.get(id),
      labels: renderer.labels,
      now: 0,
      exporting: true,
    };
    for (const node of nodes) {
      const view = createNodeView(node);
      view.update(node, ctx);
      content.add(view.root);
    }
    // pixelRatio 1: one canvas unit is one pixel whatever the screen's density.
    const canvas = layer.toCanvas({ pixelRatio: 1 });
    return await new Promise<Blob>((resolve, reject) => {
      try {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new AppError('INTERNAL'))), 'image/png');
      } catch (cause) {
        // A cross-origin image without CORS taints the canvas: it cannot be exported.
        reject(new AppError('IMAGE_DOWNLOAD_FAILED', { cause }));
      }
    });
  } finally {
    stage.destroy();
  }
}
