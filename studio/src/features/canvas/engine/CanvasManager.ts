/**
 * The canvas engine's root (CONVENTIONS: a CanvasManager owning modules, each with `dispose`).
 * It wires the Yjs document to the store, history and presence, routes normalised input to the
 * tools and commands, and offers the actions the UI calls. Framework-free: the Konva renderer and
 * the React panels only read its modules and call these methods.
 */
import { zCanvasNode, type CanvasNode } from '@tessera/shared/canvas';
import { placeInFreeSpace } from '@tessera/shared/canvas/placement';
import { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { z } from 'zod';
import { Clipboard } from './clipboard.ts';
import { builtinCommands } from './commands/builtin.ts';
import { CommandRegistry } from './commands/CommandRegistry.ts';
import { DocumentStore } from './DocumentStore.ts';
import { clamp, nodeAabb, nodeCenter, overlaps, rectCenter } from './geometry.ts';
import { History } from './History.ts';
import { newNodeId } from './ids.ts';
import { OverlayState } from './OverlayState.ts';
import { Presence } from './Presence.ts';
import { ProgressStore } from './ProgressStore.ts';
import { Selection } from './Selection.ts';
import { Emitter } from './subscribable.ts';
import type { ToolPointer } from './tools/BaseTool.ts';
import { ToolManager } from './tools/ToolManager.ts';
import type {
  Camera,
  CanvasEventName,
  CanvasEvents,
  CanvasKeyEvent,
  CanvasManagerOptions,
  CanvasPointerEvent,
  CanvasWheelEvent,
  Disposable,
  Point,
  Rect,
  SelectableLayer,
} from './types.ts';
import { Viewport } from './Viewport.ts';

/** A node to add, defaults not yet filled in; without `z` it goes above everything. */
export type NodeInput = z.input<typeof zCanvasNode>;

/** Largest width media is placed at (canvas units). */
export const PLACE_MAX_WIDTH = 512;
/** Gap between placed nodes and between a node and the free spot next to it. */
export const PLACE_GAP = 24;
/** Pinch/ctrl+wheel: zoom factor per 100 units of deltaY (one mouse-wheel notch is clamped to half of that). */
const WHEEL_ZOOM_BASE = 2;
const WHEEL_ZOOM_MAX_DELTA = 50;

export type ReorderKind = 'front' | 'forward' | 'backward' | 'back';

export class CanvasManager implements Disposable {
  readonly doc: Y.Doc;
  readonly options: CanvasManagerOptions;
  /** Origin of every local write: history undoes only transactions with this origin. */
  readonly localOrigin: object = { source: 'canvas-local' };
  readonly store: DocumentStore;
  readonly viewport: Viewport;
  readonly selection: Selection;
  readonly overlay: OverlayState;
  readonly tools: ToolManager;
  readonly commands: CommandRegistry;
  readonly history: History;
  readonly presence: Presence;
  readonly progress: ProgressStore;
  readonly clipboard: Clipboard;
  /** Items drawn over the canvas that share its selection (the flow's cards), when mounted. */
  layer: SelectableLayer | null = null;
  private readonly events = new Emitter<CanvasEvents>();
  private readonly ownedAwareness: Awareness | null;
  private readonly unsubscribers: (() => void)[] = [];
  /** The camera is being moved to a followed peer's view (so it does not count as "I moved"). */
  private followApplying = false;
  private lastCamera: Camera;
  private lastView = '';
  /** The collaborators' drags last drawn (`id:x,y;…`), so cursor-only awareness changes cost nothing. */
  private lastRemoteDrags = '';
  private lastPointer: Point | null = null;
  private disposed = false;

  constructor(doc: Y.Doc, opts: CanvasManagerOptions, awareness?: Awareness) {
    this.doc = doc;
    this.options = { ...opts, size: { ...opts.size } };
    this.store = new DocumentStore(doc, this.localOrigin);
    this.viewport = new Viewport(opts.size);
    this.lastCamera = this.viewport.camera;
    this.selection = new Selection();
    this.overlay = new OverlayState();
    this.progress = new ProgressStore();
    this.history = new History(doc, this.localOrigin);
    this.ownedAwareness = awareness ? null : new Awareness(doc);
    this.presence = new Presence(awareness ?? (this.ownedAwareness as Awareness), opts.user);
    this.clipboard = new Clipboard(this);
    this.commands = new CommandRegistry({ readOnly: () => this.readOnly, onReadOnlyAttempt: () => this.emit('readOnlyAttempt', {}) });
    this.tools = new ToolManager(this);
    for (const command of builtinCommands(this)) this.commands.register(command);

    this.unsubscribers.push(
      this.store.subscribeChanges(({ upserted, removed }) => this.onStoreChanges(upserted, removed)),
      this.selection.subscribe(() => this.presence.setSelection(this.selection.ids)),
      this.viewport.subscribe(() => this.onViewportChange()),
      this.presence.subscribe(() => this.applyFollow()),
      this.presence.subscribe(() => this.applyRemoteDrags()),
    );
    this.publishView();
  }

  get readOnly(): boolean {
    return this.options.readOnly;
  }

  /** Viewer ↔ editor (a role change arrives while the canvas is open). */
  setReadOnly(readOnly: boolean): void {
    if (readOnly === this.options.readOnly) return;
    this.options.readOnly = readOnly;
    if (readOnly) {
      this.tools.cancel();
      if (this.tools.current !== 'select' && this.tools.current !== 'hand') this.tools.set('select');
    }
    this.commands.refresh();
    this.tools.changed();
  }

  on<E extends CanvasEventName>(event: E, listener: (payload: CanvasEvents[E]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** Raises an event for the UI (used by tools and commands). */
  emit<E extends CanvasEventName>(event: E, payload: CanvasEvents[E]): void {
    this.events.emit(event, payload);
  }

  // ── input (screen coordinates) ────────────────────────────────────────────

  pointerDown(e: CanvasPointerEvent): void {
    const p = this.toolPointer(e);
    this.trackPointer(p.canvas);
    if (e.button === 2) {
      // Context menu: it acts on the node under the pointer.
      const node = this.store.hitTest(p.canvas);
      if (node && !this.selection.has(node.id)) this.selection.set([node.id]);
      return;
    }
    this.tools.pointerDown(p);
  }

  pointerMove(e: CanvasPointerEvent): void {
    const p = this.toolPointer(e);
    this.trackPointer(p.canvas);
    this.tools.pointerMove(p);
  }

  pointerUp(e: CanvasPointerEvent): void {
    const p = this.toolPointer(e);
    this.trackPointer(p.canvas);
    this.tools.pointerUp(p);
  }

  pointerLeave(): void {
    this.lastPointer = null;
    this.presence.setCursor(null);
  }

  /** Trackpad: two-finger scroll pans, pinch (wheel + ctrl) and mod+wheel zoom at the cursor. */
  wheel(e: CanvasWheelEvent): void {
    this.viewport.nudgeMoving();
    if (e.modKey) {
      const dy = clamp(e.deltaY, -WHEEL_ZOOM_MAX_DELTA, WHEEL_ZOOM_MAX_DELTA);
      this.viewport.zoomAt(e.point, WHEEL_ZOOM_BASE ** (-dy / 100));
    } else {
      this.viewport.panBy(-e.deltaX, -e.deltaY);
    }
  }

  /** True when the key was handled (the DOM adapter then prevents the browser's default). */
  keyDown(e: CanvasKeyEvent): boolean {
    if (e.code === 'Space' || e.key === ' ') {
      if (!e.modKey) this.tools.holdHand(true);
      return true;
    }
    if (e.key === 'Escape') {
      if (this.tools.cancel()) return true;
      if (this.tools.current !== 'select') {
        this.tools.set('select');
        return true;
      }
    }
    return this.commands.handleKey(e);
  }

  keyUp(e: CanvasKeyEvent): void {
    if (e.code === 'Space' || e.key === ' ') this.tools.holdHand(false);
  }

  /** Double click (screen point): video play/pause, text editing … is up to the UI. */
  doubleClick(point: Point): void {
    const node = this.store.hitTest(this.viewport.screenToCanvas(point));
    if (node) this.emit('nodeActivated', { nodeId: node.id, type: node.type });
  }

  setSize(size: { width: number; height: number }): void {
    this.options.size = { ...size };
    this.viewport.setSize(size);
  }

  /**
   * A paste event's data (the DOM adapter forwards it; mod+v is left to the browser so files come
   * through): files → `filesReceived`, our own copied nodes or plain text → pasted, nothing →
   * the in-memory copy. `screenPoint` defaults to the last pointer position.
   */
  paste(data: { text?: string | null; files?: readonly File[] }, screenPoint?: Point): boolean {
    if (this.readOnly) {
      this.emit('readOnlyAttempt', {});
      return false;
    }
    const at = screenPoint ? this.viewport.screenToCanvas(screenPoint) : (this.lastPointer ?? rectCenter(this.viewport.visibleRect()));
    if (data.files?.length) {
      this.emit('filesReceived', { files: [...data.files], at });
      return true;
    }
    if (data.text) return this.clipboard.pasteText(data.text, at).length > 0;
    return this.clipboard.paste().length > 0;
  }

  /** Files picked with the toolbar's "Add image" → `filesReceived` for free space nearest the view's centre. */
  addFiles(files: readonly File[]): boolean {
    if (!files.length || this.refuseIfReadOnly()) return false;
    this.emit('filesReceived', { files: [...files], at: rectCenter(this.viewport.visibleRect()), free: true });
    return true;
  }

  /** Files dropped on the canvas at a screen point → `filesReceived` with the canvas point. */
  drop(data: { files: readonly File[] }, screenPoint: Point): boolean {
    if (!data.files.length) return false;
    if (this.readOnly) {
      this.emit('readOnlyAttempt', {});
      return false;
    }
    this.emit('filesReceived', { files: [...data.files], at: this.viewport.screenToCanvas(screenPoint) });
    return true;
  }

  // ── actions ───────────────────────────────────────────────────────────────

  /** Mounts the selectable layer (one at a time); returns its unmount, which also drops its selection. */
  setLayer(layer: SelectableLayer): () => void {
    this.layer = layer;
    return () => {
      if (this.layer !== layer) return;
      this.layer = null;
      this.selection.setLayer([]);
    };
  }

  /** Deletes the selection — canvas nodes (as deleteNodes) and layer items — in one undo step. */
  deleteSelection(): void {
    if (this.refuseIfReadOnly()) return;
    const layerIds = [...this.selection.layerIds];
    const layer = this.layer;
    this.doc.transact(() => {
      this.deleteNodes([...this.selection.ids]);
      if (layer && layerIds.length) layer.remove(layerIds);
    }, this.localOrigin);
    if (layerIds.length) this.selection.setLayer([]);
  }

  /** Adds nodes in one undo step; those without `z` go above everything. */
  addNodes(nodes: NodeInput[]): void {
    if (this.refuseIfReadOnly()) return;
    this.insertNodes(nodes);
  }

  /** Patches nodes in one undo step (`undefined` removes a field); missing nodes are skipped. */
  updateNodes(patches: Record<string, Partial<CanvasNode>>): void {
    if (this.refuseIfReadOnly()) return;
    this.store.commitPatches(new Map(Object.entries(patches).map(([id, p]) => [id, p as Record<string, unknown>])));
  }

  /**
   * Deletes nodes in one undo step. Locked nodes stay; a deleted frame takes its children along,
   * except locked ones, which stay where they are outside any frame.
   */
  deleteNodes(ids: string[]): void {
    if (this.refuseIfReadOnly()) return;
    const targets = ids.filter((id) => this.store.committed(id)?.locked === false);
    if (!targets.length) return;
    const doomed = new Set(targets);
    const orphans: string[] = [];
    for (const id of this.store.descendantsOf(targets)) {
      if (this.store.committed(id)?.locked) orphans.push(id);
      else doomed.add(id);
    }
    this.store.commit((tx) => {
      for (const id of doomed) tx.remove(id);
      for (const id of orphans) if (doomed.has(this.store.committed(id)?.parentId ?? '')) tx.patch(id, { parentId: null });
    });
  }

  /**
   * Places uploaded media centred on a canvas point, side by side, at most PLACE_MAX_WIDTH wide
   * (aspect kept), inside the frame under each one's centre; selects them. Returns their ids.
   * `free`: in free space nearest the point instead (never over what is there), as the toolbar's
   * "Add image" does. A `name` (the file's, the creation's prompt) names the node.
   */
  placeMedia(
    items: { src: string; width: number; height: number; mediaType: 'image' | 'video'; poster?: string; name?: string }[],
    at: Point,
    opts: { free?: boolean } = {},
  ): string[] {
    if (!items.length || this.refuseIfReadOnly()) return [];
    const sizes = items.map((item) => {
      const width = Math.max(1, Math.min(PLACE_MAX_WIDTH, item.width || PLACE_MAX_WIDTH));
      const height = item.width > 0 && item.height > 0 ? (item.height * width) / item.width : width;
      return { width, height };
    });
    const total = sizes.reduce((sum, s) => sum + s.width, 0) + PLACE_GAP * (items.length - 1);
    let x = at.x - total / 2;
    const boxes = opts.free
      ? placeInFreeSpace(sizes, this.store.all(), at, { gap: PLACE_GAP })
      : sizes.map((size) => {
          const box = { x, y: at.y - size.height / 2, ...size };
          x += size.width + PLACE_GAP;
          return box;
        });
    const nodes = items.map((item, i) => {
      const box = boxes[i] as Rect;
      const name = item.name?.trim().slice(0, 200);
      const base = { id: newNodeId(), ...box, src: item.src, createdBy: this.options.user.id, ...(name ? { name } : {}) };
      const node: NodeInput = item.mediaType === 'video' ? { ...base, type: 'video', ...(item.poster ? { poster: item.poster } : {}) } : { ...base, type: 'image' };
      return node;
    });
    return this.insertNodes(nodes, { select: true, intoFrames: true }).map((n) => n.id);
  }

  /**
   * Where a new node of `size` goes next to `near`: to its right with a PLACE_GAP gap, stepping
   * further right past whatever is in the way, then down a row, until nothing overlaps.
   */
  findFreeSpot(near: Rect, size: { width: number; height: number }): Rect {
    const STEPS_PER_ROW = 20;
    const ROWS = 50;
    let candidate: Rect = { x: near.x + near.width + PLACE_GAP, y: near.y, width: size.width, height: size.height };
    for (let row = 0; row < ROWS; row++) {
      candidate = { x: near.x + near.width + PLACE_GAP, y: near.y + row * (size.height + PLACE_GAP), width: size.width, height: size.height };
      for (let step = 0; step < STEPS_PER_ROW; step++) {
        const blocking = this.store.query(candidate).filter((n) => overlaps(nodeAabb(n), candidate));
        if (!blocking.length) return candidate;
        const right = Math.max(...blocking.map((n) => nodeAabb(n)).map((r) => r.x + r.width));
        candidate = { ...candidate, x: right + PLACE_GAP };
      }
    }
    return candidate;
  }

  /**
   * Writes new nodes in one transaction (engine-internal; the UI calls addNodes): missing z →
   * above the top, `intoFrames` → top-level non-frame nodes join the frame under their centre.
   */
  insertNodes(inputs: NodeInput[], opts: { select?: boolean; intoFrames?: boolean } = {}): CanvasNode[] {
    let z = this.store.topZ();
    const nodes = inputs.map((input) => zCanvasNode.parse({ ...input, z: input.z ?? ++z }));
    if (opts.intoFrames) {
      for (const node of nodes) {
        if (node.type === 'frame' || node.parentId) continue;
        const frame = this.store.hitTest(nodeCenter(node), (n) => n.type === 'frame');
        if (frame) node.parentId = frame.id;
      }
    }
    if (!nodes.length) return [];
    this.store.commit((tx) => {
      for (const node of nodes) tx.set(node);
    });
    if (opts.select) this.selection.set(nodes.map((n) => n.id));
    return nodes;
  }

  /** Selects every top-level node. */
  selectAll(): void {
    this.selection.set(this.store.all().filter((n) => !n.parentId || !this.store.has(n.parentId)).map((n) => n.id));
  }

  /** Z-order of the selected unlocked nodes among their siblings (same frame), one undo step. */
  reorder(kind: ReorderKind): void {
    if (this.refuseIfReadOnly()) return;
    const selected = new Set(this.selection.ids.filter((id) => this.store.committed(id)?.locked === false));
    if (!selected.size) return;
    const parents = new Set([...selected].map((id) => this.store.committed(id)?.parentId ?? null));
    const patches = new Map<string, Record<string, unknown>>();
    for (const parent of parents) {
      const siblings = this.store
        .all()
        .filter((n) => (n.parentId ?? null) === parent)
        .map((n) => this.store.committed(n.id) as CanvasNode);
      const mine = siblings.filter((n) => selected.has(n.id));
      if (kind === 'front' || kind === 'back') {
        const others = siblings.filter((n) => !selected.has(n.id));
        const top = Math.max(...siblings.map((n) => n.z));
        const bottom = Math.min(...siblings.map((n) => n.z));
        // Already there (in that order): nothing to write.
        const inPlace = kind === 'front' ? siblings.slice(-mine.length).every((n) => selected.has(n.id)) : siblings.slice(0, mine.length).every((n) => selected.has(n.id));
        if (inPlace && others.length) continue;
        mine.forEach((n, i) => patches.set(n.id, { z: kind === 'front' ? top + 1 + i : bottom - mine.length + i }));
        continue;
      }
      // One step: swap past the neighbour above (forward) or below (backward) that is not moving.
      const order = [...siblings];
      if (kind === 'forward') {
        for (let i = order.length - 2; i >= 0; i--) {
          const a = order[i] as CanvasNode;
          const b = order[i + 1] as CanvasNode;
          if (selected.has(a.id) && !selected.has(b.id)) [order[i], order[i + 1]] = [b, a];
        }
      } else {
        for (let i = 1; i < order.length; i++) {
          const a = order[i] as CanvasNode;
          const b = order[i - 1] as CanvasNode;
          if (selected.has(a.id) && !selected.has(b.id)) [order[i], order[i - 1]] = [b, a];
        }
      }
      const zs = siblings.map((n) => n.z);
      const distinct = new Set(zs).size === zs.length;
      // Reuse the siblings' z values in the new order (only swapped nodes change); renumber on ties.
      order.forEach((n, i) => patches.set(n.id, { z: distinct ? (zs[i] as number) : (zs[0] ?? 0) + i }));
    }
    this.store.commitPatches(patches);
  }

  setLocked(ids: string[], locked: boolean): void {
    if (this.refuseIfReadOnly()) return;
    this.store.commitPatches(new Map(ids.map((id) => [id, { locked }])));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const off of this.unsubscribers.splice(0)) off();
    this.tools.dispose();
    this.commands.dispose();
    this.history.dispose();
    this.presence.dispose();
    this.ownedAwareness?.destroy();
    this.store.dispose();
    this.viewport.dispose();
    this.selection.dispose();
    this.overlay.dispose();
    this.progress.dispose();
    this.events.clear();
  }

  // ── internals ─────────────────────────────────────────────────────────────

  private toolPointer(e: CanvasPointerEvent): ToolPointer {
    return { ...e, canvas: this.viewport.screenToCanvas(e.point) };
  }

  private trackPointer(p: Point): void {
    this.lastPointer = p;
    this.presence.setCursor(p);
  }

  private refuseIfReadOnly(): boolean {
    if (!this.readOnly) return false;
    this.emit('readOnlyAttempt', {});
    return true;
  }

  private onStoreChanges(upserted: string[], removed: string[]): void {
    if (removed.length) this.selection.set(this.selection.ids.filter((id) => this.store.has(id)), this.selection.layerIds);
    // Progress belongs to waiting placeholders: drop it once the node is a result, failed or gone.
    for (const id of [...upserted, ...removed]) {
      if (!this.progress.get(id)) continue;
      const node = this.store.committed(id);
      if (!node || node.type !== 'placeholder' || node.status === 'failed') this.progress.clear(id);
    }
  }

  private onViewportChange(): void {
    const camera = this.viewport.camera;
    if (camera !== this.lastCamera) {
      this.lastCamera = camera;
      // I moved the camera myself: stop following.
      if (!this.followApplying && this.presence.following !== null) this.presence.follow(null);
    }
    this.publishView();
  }

  private publishView(): void {
    const view = this.viewport.visibleRect();
    const key = `${view.x},${view.y},${view.width},${view.height}`;
    if (key === this.lastView) return;
    this.lastView = key;
    this.presence.setView(view);
  }

  /**
   * Collaborators' drags in flight, drawn where their pointer has the nodes now. A peer that
   * ends its drag (its write has landed just before) or leaves (a disconnect drops its awareness
   * state) takes its preview with it, so the node shows its document position again.
   */
  private applyRemoteDrags(): void {
    const moves = new Map<string, Partial<CanvasNode>>();
    const parts: string[] = [];
    for (const peer of this.presence.peers()) {
      if (!peer.drag) continue;
      for (const [id, p] of Object.entries(peer.drag)) {
        if (!this.store.has(id)) continue;
        moves.set(id, { x: p.x, y: p.y });
        parts.push(`${id}:${p.x},${p.y}`);
      }
    }
    const key = parts.join(';');
    if (key === this.lastRemoteDrags) return;
    this.lastRemoteDrags = key;
    this.store.setRemotePreview(moves);
  }

  private applyFollow(): void {
    const id = this.presence.following;
    if (id === null) return;
    const view = this.presence.peer(id)?.view;
    if (!view) return;
    this.followApplying = true;
    try {
      this.viewport.fitTo(view, 0);
    } finally {
      this.followApplying = false;
    }
  }
}
