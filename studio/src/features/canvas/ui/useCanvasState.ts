/**
 * React's view of an engine module: `select()` read from the module, re-read whenever the
 * module's `version` changes, and a re-render only when the selected value changed (Object.is) —
 * so a panel showing the zoom does not re-render on every pan. The engine stays outside React;
 * components subscribe only to the modules they show.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Subscribable } from '../engine/types.ts';

export function useCanvasState<T>(source: Subscribable & { version: number }, select: () => T): T {
  const cache = useRef<{ version: number; select: () => T; value: T } | null>(null);
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  const getSnapshot = () => {
    const cached = cache.current;
    if (cached && cached.version === source.version && cached.select === select) return cached.value;
    const value = select();
    // Same answer as before: keep the old value so React sees no change.
    const kept = cached && Object.is(cached.value, value) ? cached.value : value;
    cache.current = { version: source.version, select, value: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
