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
/** The action bar's buttons (h-8 w-8), the gap between them (gap-0.5) and its padding plus border (p-1, border). */
export const BAR_BUTTON = 32;
export const BAR_GAP = 2;
const BAR_FRAME = 10;

/** Where the action bar goes and how it wraps: its box in container pixels and its buttons per row. */
export interface ActionBarLayout {
  left: number;
  top: number;
  width: number;
  height: number;
  columns: number;
}

/**
 * The action bar for `count` buttons: centred above the selection, below it when there is no room
 * above, always on screen, and never over `avoid` (the toolbar, at the start side in LTR or RTL):
 * it keeps to the stage beside it, wrapping into rows where that is narrower than the bar.
 */
export function actionBarLayout(selection: Rect, stage: { width: number; height: number }, count: number, avoid: Rect | null = null): ActionBarLayout {
  let start = MARGIN;
  let end = stage.width - MARGIN;
  if (avoid && avoid.width > 0 && avoid.height > 0) {
    const onStartSide = avoid.x + avoid.width / 2 < stage.width / 2;
    if (onStartSide) start = Math.max(start, avoid.x + avoid.width + MARGIN);
    else end = Math.min(end, avoid.x - MARGIN);
  }
  const perRow = Math.max(1, Math.floor((end - start - BAR_FRAME + BAR_GAP) / (BAR_BUTTON + BAR_GAP)));
  const columns = Math.max(1, Math.min(count, perRow));
  const rows = Math.ceil(count / columns);
  const width = columns * BAR_BUTTON + (columns - 1) * BAR_GAP + BAR_FRAME;
  const height = rows * BAR_BUTTON + (rows - 1) * BAR_GAP + BAR_FRAME;
  const centre = selection.x + selection.width / 2;
  const left = Math.min(Math.max(centre - width / 2, start), Math.max(start, end - width));
  const above = selection.y - height - MARGIN;
  const below = selection.y + selection.height + MARGIN;
  const top = above >= MARGIN ? above : below + height <= stage.height - MARGIN ? below : MARGIN;
  return { left, top, width, height, columns };
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

/**
 * The toolbar's groups, in cells: the six tools and "Add image", undo and redo, zoom out, in and
 * to fit with the percentage, the timeline toggle. Each group starts a row.
 */
const TOOLBAR_GROUPS = [7, 2, 4, 1];
/** A toolbar button (h-9 w-9). */
export const TOOLBAR_CELL = 36;
const TOOLBAR_GAP = 4;
/** Padding and border, top and bottom. */
const TOOLBAR_FRAME = 10;
/** Space kept between the toolbar and the stage's top and bottom edges (inset-y-3). */
const TOOLBAR_INSET = 12;
const TOOLBAR_MAX_COLUMNS = 4;

/** The toolbar's height in `columns` columns (thin separators between the groups). */
export function toolbarHeight(columns: number): number {
  const rows = TOOLBAR_GROUPS.reduce((sum, cells) => sum + Math.ceil(cells / columns), 0);
  const separators = TOOLBAR_GROUPS.length - 1;
  return rows * TOOLBAR_CELL + (rows + separators - 1) * TOOLBAR_GAP + separators + TOOLBAR_FRAME;
}

/**
 * The fewest columns (1 to 4) in which the toolbar fits a stage `stageHeight` tall (the timeline
 * open, a phone); beyond four it scrolls.
 */
export function toolbarColumns(stageHeight: number): number {
  const room = stageHeight - 2 * TOOLBAR_INSET;
  for (let columns = 1; columns < TOOLBAR_MAX_COLUMNS; columns++) if (toolbarHeight(columns) <= room) return columns;
  return TOOLBAR_MAX_COLUMNS;
}
