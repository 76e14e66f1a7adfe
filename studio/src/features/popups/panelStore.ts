/** Which side panel of the header is open: the tasks drawer or the credits panel. */
import { create } from 'zustand';

export type PanelName = 'tasks' | 'credits';

interface PanelState {
  open: PanelName | null;
  show(name: PanelName): void;
  hide(): void;
}

export const usePanelStore = create<PanelState>((set) => ({
  open: null,
  show: (name) => set({ open: name }),
  hide: () => set({ open: null }),
}));
