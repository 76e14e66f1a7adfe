/**
 * "Show me": selects a node and moves the camera so it is in the middle of the view, zooming
 * out only when it would not fit (never zooming in past where I was).
 */
import type { CanvasManager } from '../engine/CanvasManager.ts';

const PADDING = 96;

export function fitZoom(view: { width: number; height: number }, node: { width: number; height: number }, current: number): number {
  const fit = Math.min((view.width - 2 * PADDING) / node.width, (view.height - 2 * PADDING) / node.height);
  return fit > 0 ? Math.min(current, fit) : current;
}

export function showNode(manager: CanvasManager, nodeId: string): boolean {
  const node = manager.store.get(nodeId);
  if (!node) return false;
  const { viewport } = manager;
  manager.presence.follow(null);
  viewport.centreOn({ x: node.x + node.width / 2, y: node.y + node.height / 2 }, fitZoom(viewport.size, node, viewport.camera.zoom));
  manager.selection.set([nodeId]);
  return true;
}
