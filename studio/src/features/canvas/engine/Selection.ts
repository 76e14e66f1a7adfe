/** The ids the local user has selected, in selection order. */
import { Observable } from './subscribable.ts';
import type { Disposable, Subscribable } from './types.ts';

export class Selection extends Observable implements Subscribable, Disposable {
  ids: readonly string[] = [];

  set(ids: string[]): void {
    const next = [...new Set(ids)];
    if (next.length === this.ids.length && next.every((id, i) => this.ids[i] === id)) return;
    this.ids = next;
    this.notify();
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  clear(): void {
    this.set([]);
  }
}
