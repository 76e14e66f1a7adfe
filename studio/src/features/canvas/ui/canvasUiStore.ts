/**
 * Client state of the canvas page's panels (which side panel is open, which action form is
 * showing, the text being edited). Server state stays in TanStack Query; document state in Yjs.
 */
import type { AspectRatio, ImageStyle } from '@tessera/shared/generation';
import { create } from 'zustand';
import type { Rect } from '../engine/types.ts';

export type SidePanelTab = 'inspector' | 'queue' | 'chat';

/** An action form in progress (the floating card near the selection). */
export type ActionRequest =
  /** Text to image into a frame (right after drawing it, or from its actions). */
  | { kind: 'frame_prompt'; frameId: string; prompt?: string }
  /** Text to image beside a node or in view ("use settings" of a generated node). */
  | { kind: 'text_to_image'; near: Rect | null; parentNodeId: string | null; prompt: string; negativePrompt?: string; aspectRatio: AspectRatio }
  | { kind: 'image_to_image'; nodeId: string; prompt?: string; style?: ImageStyle; strength?: number }
  | { kind: 'upscale'; nodeId: string }
  | { kind: 'background_changer'; nodeId: string }
  | { kind: 'object_remover'; nodeId: string }
  | { kind: 'inpaint'; nodeId: string; prompt?: string }
  | { kind: 'face_swap'; nodeId: string }
  /** Waiting for the expand tool's gesture on this image. */
  | { kind: 'uncrop'; nodeId: string };

interface CanvasUiState {
  tab: SidePanelTab;
  panelOpen: boolean;
  /** Phones: the panel's sheet. */
  sheetOpen: boolean;
  action: ActionRequest | null;
  shortcutsOpen: boolean;
  /** The text node whose text is being edited in place. */
  editingTextId: string | null;
  /** Where the toolbar is over the stage (container pixels): the action bar keeps off it. */
  toolbarRect: Rect | null;
  showTab(tab: SidePanelTab): void;
  setPanelOpen(open: boolean): void;
  setSheetOpen(open: boolean): void;
  openAction(action: ActionRequest): void;
  closeAction(): void;
  setShortcutsOpen(open: boolean): void;
  editText(nodeId: string | null): void;
  setToolbarRect(rect: Rect | null): void;
  reset(): void;
}

const INITIAL = { tab: 'inspector' as SidePanelTab, panelOpen: true, sheetOpen: false, action: null, shortcutsOpen: false, editingTextId: null, toolbarRect: null };

export const useCanvasUi = create<CanvasUiState>((set) => ({
  ...INITIAL,
  showTab: (tab) => set({ tab, panelOpen: true }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  setSheetOpen: (sheetOpen) => set({ sheetOpen }),
  openAction: (action) => set({ action }),
  closeAction: () => set({ action: null }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  editText: (editingTextId) => set({ editingTextId }),
  setToolbarRect: (toolbarRect) => set({ toolbarRect }),
  // Another project starts without the last one's forms; the panel layout is kept.
  reset: () => set({ action: null, shortcutsOpen: false, editingTextId: null, sheetOpen: false }),
}));
