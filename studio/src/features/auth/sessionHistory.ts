/**
 * Session-state history: the statuses the session went through on this page load, used to tell
 * a fresh sign-up from a returning sign-in. §2: any path containing `sign-` resets it.
 */
import { create } from 'zustand';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionHistoryState {
  history: SessionStatus[];
  record(status: SessionStatus): void;
  reset(): void;
}

export const useSessionHistory = create<SessionHistoryState>((set) => ({
  history: [],
  record: (status) => set((s) => (s.history.at(-1) === status ? s : { history: [...s.history, status].slice(-10) })),
  reset: () => set({ history: [] }),
}));

export function shouldResetSessionHistory(pathname: string): boolean {
  return pathname.includes('sign-');
}
