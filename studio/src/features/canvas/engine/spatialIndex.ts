/**
 * Uniform grid hash over axis-aligned boxes: each entry is listed in every cell its box touches,
 * so a query visits only the cells of the asked rectangle (cost ∝ what is visible, not the
 * document size). Boxes spanning very many cells (a huge frame) are kept aside and always tested,
 * which keeps inserts cheap; queries wider than the whole index fall back to a plain scan.
 */
import { intersects } from './geometry.ts';
import type { Rect } from './types.ts';

interface Entry {
  id: string;
  rect: Rect;
  /** Cell range, inclusive; null for an oversized entry. */
  cells: { x0: number; y0: number; x1: number; y1: number } | null;
  /** Query stamp: an entry listed in several cells is returned once. */
  seen: number;
}

/** Cell coordinates are clamped to ±2^20 so a key (two offsets packed in one safe integer) never collides. */
const CELL_LIMIT = 2 ** 20;
const KEY_STRIDE = 2 ** 21;
/** Entries covering more cells than this go to the oversized list. */
const MAX_CELLS_PER_ENTRY = 64;

function cellKey(cx: number, cy: number): number {
  return (cx + CELL_LIMIT) * KEY_STRIDE + (cy + CELL_LIMIT);
}

export class SpatialIndex {
  private readonly cells = new Map<number, Set<Entry>>();
  private readonly entries = new Map<string, Entry>();
  private readonly oversized = new Set<Entry>();
  private stamp = 0;

  constructor(readonly cellSize = 512) {}

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Inserts or moves an entry. */
  set(id: string, rect: Rect): void {
    const existing = this.entries.get(id);
    if (existing) {
      const range = this.rangeOf(rect);
      if (existing.cells && range && sameRange(existing.cells, range)) {
        // Moved within the same cells (most drag frames at normal zoom): nothing to re-list.
        existing.rect = rect;
        return;
      }
      this.unlist(existing);
      existing.rect = rect;
      existing.cells = range;
      this.list(existing);
      return;
    }
    const entry: Entry = { id, rect, cells: this.rangeOf(rect), seen: 0 };
    this.entries.set(id, entry);
    this.list(entry);
  }

  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.unlist(entry);
    this.entries.delete(id);
  }

  clear(): void {
    this.cells.clear();
    this.entries.clear();
    this.oversized.clear();
  }

  /** Ids whose boxes intersect `rect` (touching counts), in no particular order. */
  query(rect: Rect): string[] {
    const out: string[] = [];
    const range = this.rangeOf(rect, Infinity);
    const cellCount = range ? (range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1) : Infinity;
    if (cellCount > this.entries.size) {
      // Zoomed far out: scanning every entry is cheaper than visiting empty cells.
      for (const entry of this.entries.values()) if (intersects(entry.rect, rect)) out.push(entry.id);
      return out;
    }
    const stamp = ++this.stamp;
    const r = range as NonNullable<typeof range>;
    for (let cx = r.x0; cx <= r.x1; cx++) {
      for (let cy = r.y0; cy <= r.y1; cy++) {
        const cell = this.cells.get(cellKey(cx, cy));
        if (!cell) continue;
        for (const entry of cell) {
          if (entry.seen === stamp) continue;
          entry.seen = stamp;
          if (intersects(entry.rect, rect)) out.push(entry.id);
        }
      }
    }
    for (const entry of this.oversized) if (intersects(entry.rect, rect)) out.push(entry.id);
    return out;
  }

  private rangeOf(rect: Rect, maxCells = MAX_CELLS_PER_ENTRY): Entry['cells'] {
    const s = this.cellSize;
    const clampCell = (v: number) => Math.max(-CELL_LIMIT, Math.min(CELL_LIMIT - 1, Math.floor(v / s)));
    const x0 = clampCell(rect.x);
    const y0 = clampCell(rect.y);
    const x1 = clampCell(rect.x + rect.width);
    const y1 = clampCell(rect.y + rect.height);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > maxCells) return null;
    return { x0, y0, x1, y1 };
  }

  private list(entry: Entry): void {
    const r = entry.cells;
    if (!r) {
      this.oversized.add(entry);
      return;
    }
    for (let cx = r.x0; cx <= r.x1; cx++) {
      for (let cy = r.y0; cy <= r.y1; cy++) {
        const key = cellKey(cx, cy);
        let cell = this.cells.get(key);
        if (!cell) {
          cell = new Set();
          this.cells.set(key, cell);
        }
        cell.add(entry);
      }
    }
  }

  private unlist(entry: Entry): void {
    const r = entry.cells;
    if (!r) {
      this.oversized.delete(entry);
      return;
    }
    for (let cx = r.x0; cx <= r.x1; cx++) {
      for (let cy = r.y0; cy <= r.y1; cy++) {
        const key = cellKey(cx, cy);
        const cell = this.cells.get(key);
        if (!cell) continue;
        cell.delete(entry);
        if (cell.size === 0) this.cells.delete(key);
      }
    }
  }
}

function sameRange(a: NonNullable<Entry['cells']>, b: NonNullable<Entry['cells']>): boolean {
  return a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;
}
