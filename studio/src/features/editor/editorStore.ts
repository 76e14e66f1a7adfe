/**
 * The editor's client state (zustand): whether the dock is open and how tall, the zoom, the
 * playhead and play state, the selected item, and the generations running into clips (extend /
 * replace: clip id → task id). The timeline itself is never copied here — it lives in the Yjs
 * document (TimelineSession).
 */
import { create } from 'zustand';
import { clampZoom, DEFAULT_PX_PER_S } from './timelineMath.ts';

export const MIN_DOCK_HEIGHT = 220;
export const DEFAULT_DOCK_HEIGHT = 360;

export interface PendingGeneration {
  taskId: string;
  kind: 'extend' | 'replace';
}

interface EditorState {
  open: boolean;
  height: number;
  pxPerS: number;
  playhead: number;
  playing: boolean;
  selectedId: string | null;
  pending: Record<string, PendingGeneration>;
  shortcutsOpen: boolean;
  toggle(open?: boolean): void;
  setHeight(height: number): void;
  setZoom(pxPerS: number): void;
  seek(time: number): void;
  setPlaying(playing: boolean): void;
  select(id: string | null): void;
  setPending(clipId: string, pending: PendingGeneration | null): void;
  setShortcutsOpen(open: boolean): void;
  reset(): void;
}

const INITIAL = {
  open: false,
  height: DEFAULT_DOCK_HEIGHT,
  pxPerS: DEFAULT_PX_PER_S,
  playhead: 0,
  playing: false,
  selectedId: null,
  pending: {},
  shortcutsOpen: false,
};

export const useEditorStore = create<EditorState>((set) => ({
  ...INITIAL,
  toggle: (open) => set((s) => ({ open: open ?? !s.open, playing: false })),
  setHeight: (height) => set({ height: Math.max(MIN_DOCK_HEIGHT, Math.round(height)) }),
  setZoom: (pxPerS) => set({ pxPerS: clampZoom(pxPerS) }),
  seek: (time) => set({ playhead: Math.max(0, time) }),
  setPlaying: (playing) => set({ playing }),
  select: (selectedId) => set({ selectedId }),
  setPending: (clipId, pending) =>
    set((s) => {
      const next = { ...s.pending };
      if (pending) next[clipId] = pending;
      else delete next[clipId];
      return { pending: next };
    }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  reset: () => set(INITIAL),
}));
