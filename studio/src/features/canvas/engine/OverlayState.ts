/** Transient drawings of the gesture in flight (marquee, snap guides, drafts); never in the document. */
import { Observable } from './subscribable.ts';
import type { Disposable, Overlay, Subscribable } from './types.ts';

const EMPTY: Overlay = { marquee: null, guides: { vertical: [], horizontal: [] }, draft: null };

export class OverlayState extends Observable implements Subscribable, Disposable {
  value: Overlay = EMPTY;

  /** Merges the given parts into the overlay (a new object each time, for React snapshots). */
  set(patch: Partial<Overlay>): void {
    this.value = { ...this.value, ...patch };
    this.notify();
  }

  reset(): void {
    if (this.value === EMPTY) return;
    this.value = EMPTY;
    this.notify();
  }
}
