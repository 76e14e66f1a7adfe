/**
 * Where React overlays (the selection's action bar, action cards, the text editor) go over the
 * stage: canvas rects mapped to the container's screen space, kept inside it.
 */
import type { Camera, Rect } from '../engine/types.ts';

/** A canvas rect in container pixels for this camera. */
export function toScreenRect(rect: Rect, camera: Camera): Rect {
  return { x: (rect.x - camera.x) * camera.zoom, y: (rect.y - camera.y) * camera.zoom, width: rect.width * camera.zoom, height: rect.height * camera.zoom };
}

const MARGIN = 8;
const BAR_HEIGHT = 44;

/** The action bar: centred above the selection, below it when there is no room above, always on screen. */
export function actionBarPosition(selection: Rect, stage: { width: number; height: number }, halfWidth: number): { left: number; top: number } {
  const centre = selection.x + selection.width / 2;
  const left = Math.min(Math.max(centre, MARGIN + halfWidth), Math.max(MARGIN + halfWidth, stage.width - MARGIN - halfWidth));
  const above = selection.y - BAR_HEIGHT - MARGIN;
  const below = selection.y + selection.height + MARGIN;
  const top = above >= MARGIN ? above : below + BAR_HEIGHT <= stage.height - MARGIN ? below : MARGIN;
  return { left, top };
}

/** An action card: below the target if it fits, else above it, else pinned to the bottom; centred on it horizontally. */
export function cardPosition(
  target: Rect | null,
  stage: { width: number; height: number },
  card: { width: number; height: number },
): { left: number; top?: number; bottom?: number } {
  const half = Math.min(card.width, stage.width - 2 * MARGIN) / 2;
  const clampX = (x: number) => Math.min(Math.max(x, MARGIN + half), Math.max(MARGIN + half, stage.width - MARGIN - half));
  if (!target) return { left: clampX(stage.width / 2), bottom: 16 };
  const left = clampX(target.x + target.width / 2);
  const below = target.y + target.height + 12;
  if (below >= MARGIN && below + card.height <= stage.height - MARGIN) return { left, top: below };
  const aboveBottom = stage.height - target.y + 12;
  if (target.y - 12 - card.height >= MARGIN) return { left, bottom: aboveBottom };
  return { left, bottom: 16 };
}
