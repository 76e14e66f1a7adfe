/**
 * What the local user has selected, in selection order: canvas node ids, and the ids of items a
 * selectable layer draws over the canvas (flow cards, `CanvasManager.layer`) — one selection, so
 * a marquee, shift-click, Delete and a drag take both along.
 */
import { Observable } from './subscribable.ts';
import type { Disposable, Subscribable } from './types.ts';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => b[i] === id);

export class Selection extends Observable implements Subscribable, Disposable {
  ids: readonly string[] = [];
  /** Selected items of the selectable layer (flow cards). */
  layerIds: readonly string[] = [];

  /** Replaces the selection: these canvas nodes and these layer items (none unless given). */
  set(ids: string[], layerIds: readonly string[] = []): void {
    const next = [...new Set(ids)];
    const nextLayer = [...new Set(layerIds)];
    if (same(next, this.ids) && same(nextLayer, this.layerIds)) return;
    this.ids = next;
    this.layerIds = nextLayer;
    this.notify();
  }

  /** Replaces the selected layer items, keeping the canvas nodes. */
  setLayer(layerIds: readonly string[]): void {
    this.set([...this.ids], layerIds);
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  hasLayer(id: string): boolean {
    return this.layerIds.includes(id);
  }

  clear(): void {
    this.set([]);
  }
}
