/**
 * Mirror of the project document's `nodes` map, read by the renderer and the tools. The Yjs
 * document is the source of truth: the store listens to it (observeDeep → incremental upserts and
 * removals) and never keeps a second copy of persistent state anywhere else. On top of that sits
 * the PREVIEW of the gesture in flight (a drag, a resize): overrides drawn as if committed, never
 * written to Yjs until the gesture ends with one `commit`.
 */
import { nodesOf, readNode, updateNode, writeNode, type CanvasNode, type NodesMap } from '@tessera/shared/canvas';
import type * as Y from 'yjs';
import { nodeAabb, pointInNode, unionRects } from './geometry.ts';
import { SpatialIndex } from './spatialIndex.ts';
import { Observable } from './subscribable.ts';
import type { Disposable, Point, Rect, Subscribable } from './types.ts';

export interface StoreChanges {
  upserted: string[];
  removed: string[];
}

/** What a `commit` callback may do; every call lands in the same Yjs transaction. */
export interface CommitTx {
  set(node: CanvasNode): void;
  patch(id: string, p: Record<string, unknown>): void;
  remove(id: string): void;
}

export class DocumentStore extends Observable implements Subscribable, Disposable {
  private readonly nodesMap: NodesMap;
  /** Committed nodes, as parsed from Yjs. */
  private readonly base = new Map<string, CanvasNode>();
  /** Gesture overrides. */
  private preview = new Map<string, Partial<CanvasNode>>();
  /** Collaborators' gestures in flight (their drags, from awareness), under my own preview. */
  private remotePreview = new Map<string, Partial<CanvasNode>>();
  /** Effective nodes (base with preview applied) for the ids that have a preview. */
  private readonly previewed = new Map<string, CanvasNode>();
  private readonly index = new SpatialIndex();
  private readonly changeListeners = new Set<(changed: StoreChanges) => void>();
  /** Draw order cache: recomputed only when z, parent or membership change (not on moves). */
  private order: CanvasNode[] | null = null;
  private orderIndex = new Map<string, number>();
  private topZCache: number | null = null;
  private allCache: CanvasNode[] | null = null;
  private readonly observer: (events: Y.YEvent<Y.AbstractType<unknown>>[]) => void;

  constructor(
    readonly doc: Y.Doc,
    /** Origin of local writes: the undo manager tracks only these. */
    readonly localOrigin: object,
  ) {
    super();
    this.nodesMap = nodesOf(doc);
    this.nodesMap.forEach((map, id) => {
      const node = readNode(map);
      if (node && node.id === id) this.base.set(id, node);
    });
    for (const node of this.base.values()) this.index.set(node.id, nodeAabb(node));
    this.observer = (events) => this.onYjs(events);
    this.nodesMap.observeDeep(this.observer);
  }

  /** The node with the gesture preview applied. */
  get(id: string): CanvasNode | undefined {
    return this.previewed.get(id) ?? this.base.get(id);
  }

  /** The node as committed in the document (no preview). */
  committed(id: string): CanvasNode | undefined {
    return this.base.get(id);
  }

  has(id: string): boolean {
    return this.base.has(id);
  }

  /** Every node in draw order: siblings by z, each frame's children right after (above) it. */
  all(): CanvasNode[] {
    this.allCache ??= this.ensureOrder().map((n) => this.get(n.id) ?? n);
    return this.allCache;
  }

  count(): number {
    return this.base.size;
  }

  /** Nodes whose bounding boxes intersect `rect` (canvas units), in draw order. */
  query(rect: Rect): CanvasNode[] {
    return this.sortByOrder(this.index.query(rect));
  }

  /** Sorts ids by draw order, dropping unknown ones. */
  sortByOrder(ids: Iterable<string>): CanvasNode[] {
    this.ensureOrder();
    const out: CanvasNode[] = [];
    for (const id of ids) {
      const node = this.get(id);
      if (node) out.push(node);
    }
    return out.sort((a, b) => (this.orderIndex.get(a.id) ?? 0) - (this.orderIndex.get(b.id) ?? 0));
  }

  /** Topmost node under the point (rotation respected); children of a frame draw above it, so they win. */
  hitTest(p: Point, filter?: (node: CanvasNode) => boolean): CanvasNode | null {
    const candidates = this.query({ x: p.x, y: p.y, width: 0, height: 0 });
    for (let i = candidates.length - 1; i >= 0; i--) {
      const node = candidates[i] as CanvasNode;
      if ((!filter || filter(node)) && pointInNode(node, p)) return node;
    }
    return null;
  }

  /** Bounding box of the given nodes (all nodes when omitted), preview applied; null when empty. */
  bounds(ids?: string[]): Rect | null {
    if (!ids) return unionRects([...this.base.keys()].map((id) => nodeAabb(this.get(id) as CanvasNode)));
    const rects: Rect[] = [];
    for (const id of ids) {
      const node = this.get(id);
      if (node) rects.push(nodeAabb(node));
    }
    return unionRects(rects);
  }

  /** Every descendant of the given nodes (not the nodes themselves). */
  descendantsOf(ids: Iterable<string>): string[] {
    const roots = new Set(ids);
    const byParent = new Map<string, string[]>();
    for (const node of this.base.values()) {
      if (!node.parentId) continue;
      const list = byParent.get(node.parentId) ?? [];
      list.push(node.id);
      byParent.set(node.parentId, list);
    }
    const out: string[] = [];
    const seen = new Set(roots);
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      for (const child of byParent.get(id) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        out.push(child);
        stack.push(child);
      }
    }
    return out;
  }

  /** Highest committed z (new nodes go above it). */
  topZ(): number {
    if (this.topZCache === null) {
      let top = 0;
      for (const node of this.base.values()) if (node.z > top) top = node.z;
      this.topZCache = top;
    }
    return this.topZCache;
  }

  subscribeChanges(listener: (changed: StoreChanges) => void): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /** Replaces the gesture preview (null clears it). Only drawing changes; Yjs is untouched. */
  setPreview(patches: Map<string, Partial<CanvasNode>> | null): void {
    const next = patches ?? new Map<string, Partial<CanvasNode>>();
    if (next.size === 0 && this.preview.size === 0) return;
    const touched = new Set<string>([...this.preview.keys(), ...next.keys()]);
    this.preview = new Map(next);
    this.refreshAll(touched);
  }

  /**
   * Replaces what collaborators are dragging right now (null clears it). Drawn like my own
   * preview — my preview wins on a node both move — and never written to Yjs.
   */
  setRemotePreview(patches: ReadonlyMap<string, Partial<CanvasNode>> | null): void {
    const next = new Map(patches ?? []);
    if (next.size === 0 && this.remotePreview.size === 0) return;
    const touched = new Set<string>([...this.remotePreview.keys(), ...next.keys()]);
    this.remotePreview = next;
    this.refreshAll(touched);
  }

  /** The preview currently applied (the tools read it back when a gesture ends). */
  currentPreview(): ReadonlyMap<string, Partial<CanvasNode>> {
    return this.preview;
  }

  /** Writes into Yjs in ONE transaction with the local origin, so undo sees one step. */
  commit(fn: (tx: CommitTx) => void): void {
    const doc = this.doc;
    const nodes = this.nodesMap;
    doc.transact(() => {
      fn({
        set: (node) => writeNode(doc, node),
        patch: (id, p) => {
          updateNode(doc, id, p);
        },
        remove: (id) => {
          nodes.delete(id);
        },
      });
    }, this.localOrigin);
  }

  /**
   * Commits field patches, leaving out fields that already have that value; no transaction (and
   * no undo step) when nothing changes. Returns whether something was written.
   */
  commitPatches(patches: ReadonlyMap<string, Record<string, unknown>>): boolean {
    const changed = new Map<string, Record<string, unknown>>();
    for (const [id, patch] of patches) {
      const node = this.base.get(id) as Record<string, unknown> | undefined;
      if (!node) continue;
      const diff: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(patch)) if (key !== 'id' && !sameValue(node[key], value)) diff[key] = value;
      if (Object.keys(diff).length) changed.set(id, diff);
    }
    if (changed.size === 0) return false;
    this.commit((tx) => {
      for (const [id, diff] of changed) tx.patch(id, diff);
    });
    return true;
  }

  override dispose(): void {
    this.nodesMap.unobserveDeep(this.observer);
    this.changeListeners.clear();
    super.dispose();
  }

  private onYjs(events: Y.YEvent<Y.AbstractType<unknown>>[]): void {
    const changed = new Set<string>();
    for (const event of events) {
      if (event.target === this.nodesMap) {
        for (const key of event.changes.keys.keys()) changed.add(key);
      } else {
        const id = event.path[0];
        if (typeof id === 'string') changed.add(id);
      }
    }
    const upserted: string[] = [];
    const removed: string[] = [];
    for (const id of changed) {
      const map = this.nodesMap.get(id);
      const node = map ? readNode(map) : null;
      const before = this.base.get(id);
      if (node && node.id === id) {
        this.base.set(id, node);
        if (!before || before.z !== node.z || before.parentId !== node.parentId) this.invalidateOrder();
        this.refreshPreviewed(id);
        upserted.push(id);
      } else if (before) {
        // Deleted, or no longer a valid node: either way it is not drawn.
        this.base.delete(id);
        this.previewed.delete(id);
        this.index.remove(id);
        this.invalidateOrder();
        removed.push(id);
      }
    }
    if (upserted.length || removed.length) this.emitChanges({ upserted, removed });
  }

  /** Recomputes the effective value of `ids` after a preview changed, and tells the listeners. */
  private refreshAll(ids: Iterable<string>): void {
    const upserted: string[] = [];
    for (const id of ids) {
      if (this.refreshPreviewed(id)) upserted.push(id);
    }
    this.emitChanges({ upserted, removed: [] });
  }

  /** Recomputes a node's effective value and index entry; false when the node does not exist. */
  private refreshPreviewed(id: string): boolean {
    const base = this.base.get(id);
    if (!base) {
      this.previewed.delete(id);
      return false;
    }
    const remote = this.remotePreview.get(id);
    const local = this.preview.get(id);
    const patch = remote || local ? { ...remote, ...local } : undefined;
    const before = this.previewed.get(id) ?? base;
    if (patch) this.previewed.set(id, { ...base, ...patch } as CanvasNode);
    else this.previewed.delete(id);
    const effective = this.get(id) as CanvasNode;
    if (effective.z !== before.z || effective.parentId !== before.parentId) this.invalidateOrder();
    this.index.set(id, nodeAabb(effective));
    return true;
  }

  private invalidateOrder(): void {
    this.order = null;
    this.topZCache = null;
  }

  private ensureOrder(): CanvasNode[] {
    if (this.order) return this.order;
    const nodes = [...this.base.values()].map((n) => this.get(n.id) ?? n);
    const byParent = new Map<string | null, CanvasNode[]>();
    for (const node of nodes) {
      const parent = node.parentId && this.base.has(node.parentId) && node.parentId !== node.id ? node.parentId : null;
      const list = byParent.get(parent) ?? [];
      list.push(node);
      byParent.set(parent, list);
    }
    const cmp = (a: CanvasNode, b: CanvasNode) => a.z - b.z || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    for (const list of byParent.values()) list.sort(cmp);
    const order: CanvasNode[] = [];
    // Each node sits in exactly one sibling list, so a walk from the roots meets it at most once.
    const walk = (roots: CanvasNode[]) => {
      const stack = [...roots].reverse();
      while (stack.length) {
        const current = stack.pop() as CanvasNode;
        order.push(current);
        const children = byParent.get(current.id);
        if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as CanvasNode);
      }
    };
    walk(byParent.get(null) ?? []);
    if (order.length < nodes.length) {
      // Nodes caught in a parent cycle (a → b → a, only possible through concurrent edits) still
      // draw: break each cycle at one node and walk from there.
      const placed = new Set(order.map((n) => n.id));
      for (const node of nodes.sort(cmp)) {
        if (placed.has(node.id)) continue;
        const from = order.length;
        const siblings = byParent.get(node.parentId as string) ?? [];
        byParent.set(node.parentId as string, siblings.filter((n) => n.id !== node.id));
        walk([node]);
        for (let i = from; i < order.length; i++) placed.add((order[i] as CanvasNode).id);
      }
    }
    this.order = order;
    this.orderIndex = new Map(order.map((n, i) => [n.id, i]));
    return order;
  }

  private emitChanges(changes: StoreChanges): void {
    if (!changes.upserted.length && !changes.removed.length) return;
    this.allCache = null;
    for (const listener of [...this.changeListeners]) listener(changes);
    this.notify();
  }
}

/** Equality of JSON field values (nodes hold plain JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
