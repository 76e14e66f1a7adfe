/** Whether the window is at least tablet-wide (the side panel is a column there, a sheet on phones). */
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 768px)';

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

const isWide = () => window.matchMedia?.(QUERY).matches ?? true;

export function useIsWide(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
