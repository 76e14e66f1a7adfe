/**
 * The canvas engine's public contract, shared by its three parts:
 *  - the model (CanvasManager and its modules: document store, viewport, selection, tools,
 *    commands, history, presence, clipboard) — framework-free, testable without a browser;
 *  - the Konva renderer, which only READS these modules and pushes to Konva (never reads back);
 *  - the React panels around the canvas (features/canvas/ui), which subscribe through
 *    `useCanvasState` and call commands.
 * Coordinates: "canvas" units are document units; "screen" units are CSS pixels relative to the
 * stage container's top-left corner. screen = (canvas - camera.x/y) * camera.zoom … see Viewport.
 */
import type { NodeType } from '@tessera/shared/canvas';

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Something that can be listened to; `subscribe` returns the unsubscribe function. */
export interface Subscribable {
  subscribe(listener: () => void): () => void;
}

/** Releases every listener, timer and DOM handle the module registered. */
export interface Disposable {
  dispose(): void;
}

/**
 * Items another feature draws over the canvas in its camera (flow cards) that share the canvas's
 * selection: the marquee selects them, a drag of the selection moves them, Delete removes them.
 * `move` and `remove` write to the document; the manager calls them inside its own transaction
 * (with the local origin), so a gesture over canvas nodes and layer items is one undo step.
 */
export interface SelectableLayer {
  /** The items a rectangle (canvas units) touches. */
  query(rect: Rect): string[];
  /** Where items are now (missing ids are left out). */
  positions(ids: readonly string[]): Map<string, Point>;
  /** Draws items at these positions while a drag is in flight; null ends it. */
  preview(positions: ReadonlyMap<string, Point> | null): void;
  move(positions: ReadonlyMap<string, Point>): void;
  remove(ids: readonly string[]): void;
}

/** The local user as collaborators see them. */
export interface CanvasUser {
  id: string;
  name: string;
  /** CSS colour of their cursor and selection outline. */
  color: string;
}

/** Camera: the canvas point at the container's top-left corner, and the zoom factor. */
export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 8;

/**
 * Pointer input in SCREEN coordinates, already normalised from DOM events (the DOM adapter does
 * that; TestCanvas builds them directly). `button`: 0 left, 1 middle, 2 right.
 */
export interface CanvasPointerEvent {
  point: Point;
  button: number;
  shiftKey: boolean;
  altKey: boolean;
  /** Ctrl on Windows/Linux, Cmd on macOS. */
  modKey: boolean;
  pointerId: number;
}
export interface CanvasWheelEvent {
  point: Point;
  deltaX: number;
  deltaY: number;
  /** Pinch-zoom on trackpads arrives as wheel + ctrlKey. */
  modKey: boolean;
}
export interface CanvasKeyEvent {
  key: string;
  code: string;
  shiftKey: boolean;
  altKey: boolean;
  modKey: boolean;
  repeat: boolean;
}

/** Transient drawings of the current gesture (never stored in the document). */
export interface Overlay {
  /** Marquee selection rectangle, canvas units. */
  marquee: Rect | null;
  /** Snap guides: vertical lines at x, horizontal at y, canvas units. */
  guides: { vertical: number[]; horizontal: number[] };
  /** A frame being drawn (frame tool) or an image being expanded (expand tool). */
  draft: (Rect & { kind: 'frame' | 'expand' | 'shape' | 'text'; nodeId?: string }) | null;
}

/** Live generation status of a placeholder node, fed from socket events (not stored in Yjs). */
export interface NodeProgress {
  progress: number;
  stage: string;
  by?: { id: string; name: string };
}

/** What a collaborator is doing, from Yjs awareness. */
export interface Peer {
  clientId: number;
  user: CanvasUser;
  /** Canvas units; null when their pointer left the canvas. */
  cursor: Point | null;
  selection: string[];
  /** Their visible canvas area (follow mode). */
  view: Rect | null;
  /** Where the nodes they are dragging are right now (not yet in the document); null when not dragging. */
  drag: Record<string, Point> | null;
}

/** Registered command descriptor, shared by toolbar, shortcuts and context menu. */
export interface CommandDescriptor {
  id: string;
  /** i18n key in the `canvas` namespace. */
  labelKey: string;
  /** e.g. 'mod+z', 'shift+mod+z', 'Delete', 'v'. */
  shortcut?: string | readonly string[];
  /** Greyed out when false (nothing selected, read-only …). */
  enabled?(): boolean;
  run(): void;
}

export type ToolId = 'select' | 'hand' | 'frame' | 'text' | 'rect' | 'ellipse' | 'expand';

/** Events the engine raises for the UI. */
export interface CanvasEvents {
  /** The frame tool finished drawing an (empty) frame: the UI offers "prompt into frame". */
  frameDrawn: { nodeId: string; rect: Rect };
  /** The expand tool finished: how far the image's box was dragged out on each side (canvas units). */
  expandDrawn: { nodeId: string; left: number; top: number; right: number; bottom: number };
  /** Files dropped, pasted or added; the UI uploads them (manager.placeMedia places them: `free`, in free space nearest `at`). */
  filesReceived: { files: File[]; at: Point; free?: boolean };
  /** A node was double-clicked (video: play/pause; text: edit). */
  nodeActivated: { nodeId: string; type: NodeType };
  /** The user tried to change a read-only canvas. */
  readOnlyAttempt: Record<string, never>;
}

export type CanvasEventName = keyof CanvasEvents;

/** Options given to the CanvasManager. */
export interface CanvasManagerOptions {
  user: CanvasUser;
  /** Viewers: no tool may change the document; commands that would are disabled. */
  readOnly: boolean;
  /** Container size in CSS pixels (the DOM adapter updates it on resize). */
  size: { width: number; height: number };
  /**
   * Level of detail: the URL to draw for `src` when it is shown `displayWidth` CSS pixels wide
   * (e.g. `/api/media/optimize?key=…&w=256` when zoomed out). Identity when absent.
   */
  resolveImageUrl?(src: string, displayWidth: number): string;
}

