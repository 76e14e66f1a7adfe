import type { Disposable, Subscribable } from './types.ts';

/**
 * Base of every observable engine module: a listener set and a `version` bumped on each change,
 * so React can read the module through `useSyncExternalStore` keyed on the version.
 */
export class Observable implements Subscribable, Disposable {
  version = 0;
  private listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Bumps the version and tells every listener (a copy of the set: listeners may unsubscribe while notified). */
  protected notify(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** A tiny typed event emitter (the manager's `on`). */
export class Emitter<Events extends object> {
  private listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) (listener as (payload: Events[E]) => void)(payload);
  }

  clear(): void {
    this.listeners.clear();
  }
}
