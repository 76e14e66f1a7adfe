/**
 * Who else is on the canvas, through Yjs awareness (the HocuspocusProvider's, or a local one in
 * tests). My local state is `{ user, cursor, selection, view, drag }`; cursor, view and drag
 * updates are throttled (they follow the pointer and the camera) so collaborators get ~30
 * updates a second. `drag` is a move in flight — transient, never a document write: the document
 * gets one write when the drag ends, and a peer that leaves mid-drag takes its drag with it.
 */
import type { Awareness } from 'y-protocols/awareness';
import { z } from 'zod';
import { Observable } from './subscribable.ts';
import type { CanvasUser, Disposable, Peer, Point, Rect, Subscribable } from './types.ts';

export const PRESENCE_THROTTLE_MS = 30;
/** A peer's drag moves at most this many nodes live (a larger selection jumps on release). */
export const MAX_LIVE_DRAG_NODES = 200;

const zPoint = z.object({ x: z.number().finite(), y: z.number().finite() });
/** A peer's awareness state is input from another client: parsed, and ignored when malformed. */
const zPeerState = z.object({
  user: z.object({ id: z.string(), name: z.string().max(200), color: z.string().max(64) }),
  cursor: zPoint.nullable().catch(null),
  selection: z.array(z.string()).catch([]),
  view: z.object({ x: z.number().finite(), y: z.number().finite(), width: z.number().finite().positive(), height: z.number().finite().positive() }).nullable().catch(null),
  drag: z
    .record(z.string().max(100), zPoint)
    .refine((nodes) => Object.keys(nodes).length <= MAX_LIVE_DRAG_NODES)
    .nullable()
    .catch(null)
    .default(null),
});

interface LocalState {
  user: CanvasUser;
  cursor: Point | null;
  selection: string[];
  view: Rect | null;
  drag: Record<string, Point> | null;
}

export class Presence extends Observable implements Subscribable, Disposable {
  /** The peer whose view the camera follows, or null. */
  following: number | null = null;
  private cache: { version: number; peers: Peer[] } | null = null;
  private pending: Partial<LocalState> = {};
  private lastFlush = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onChange = (changes: { added: number[]; updated: number[]; removed: number[] }) => {
    const me = this.awareness.clientID;
    const all = [...changes.added, ...changes.updated, ...changes.removed];
    // My own cursor updates would re-render the "who is here" list 30 times a second for nothing.
    if (all.every((id) => id === me)) return;
    if (this.following !== null && changes.removed.includes(this.following)) this.following = null;
    else if (this.following !== null && !this.awareness.getStates().has(this.following)) this.following = null;
    this.notify();
  };

  constructor(
    readonly awareness: Awareness,
    user: CanvasUser,
  ) {
    super();
    const local: LocalState = { user, cursor: null, selection: [], view: null, drag: null };
    awareness.setLocalState({ ...(awareness.getLocalState() ?? {}), ...local });
    awareness.on('change', this.onChange);
  }

  get clientId(): number {
    return this.awareness.clientID;
  }

  /** Everyone else with a valid canvas state, by client id. */
  peers(): Peer[] {
    if (this.cache?.version === this.version) return this.cache.peers;
    const me = this.awareness.clientID;
    const peers: Peer[] = [];
    for (const [clientId, state] of this.awareness.getStates()) {
      if (clientId === me) continue;
      const parsed = zPeerState.safeParse(state);
      if (parsed.success) peers.push({ clientId, ...parsed.data });
    }
    peers.sort((a, b) => a.clientId - b.clientId);
    this.cache = { version: this.version, peers };
    return peers;
  }

  peer(clientId: number): Peer | undefined {
    return this.peers().find((p) => p.clientId === clientId);
  }

  /** My pointer in canvas units; null when it left the canvas (sent at once). */
  setCursor(p: Point | null): void {
    this.queue({ cursor: p ? { x: p.x, y: p.y } : null }, p === null);
  }

  setSelection(ids: readonly string[]): void {
    this.queue({ selection: [...ids] }, true);
  }

  /** My visible area (followers fit their camera to it). */
  setView(rect: Rect): void {
    this.queue({ view: { ...rect } }, false);
  }

  /**
   * The nodes I am dragging, at their positions now (throttled); null when the drag ends — sent
   * at once, after the drag's document write, so peers never see the node go back first.
   */
  setDrag(positions: ReadonlyMap<string, Point> | null): void {
    if (positions === null) {
      this.queue({ drag: null }, true);
      return;
    }
    const drag: Record<string, Point> = {};
    let count = 0;
    for (const [id, p] of positions) {
      if (++count > MAX_LIVE_DRAG_NODES) break;
      drag[id] = { x: p.x, y: p.y };
    }
    this.queue({ drag }, false);
  }

  setUser(user: CanvasUser): void {
    this.queue({ user }, true);
  }

  /** Follow a peer's view (null stops). Following a client that is not here is ignored. */
  follow(clientId: number | null): void {
    const next = clientId !== null && clientId !== this.awareness.clientID && this.awareness.getStates().has(clientId) ? clientId : null;
    if (next === this.following) return;
    this.following = next;
    this.notify();
  }

  /** Sends queued cursor/view changes now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (Object.keys(this.pending).length === 0) return;
    const current = this.awareness.getLocalState();
    // Disposed or disconnected elsewhere (setLocalState(null)): do not resurrect the state.
    if (current === null) return;
    this.awareness.setLocalState({ ...current, ...this.pending });
    this.pending = {};
    this.lastFlush = Date.now();
  }

  override dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.awareness.off('change', this.onChange);
    const current = this.awareness.getLocalState();
    // Leave the shared awareness (it may outlive the canvas) without my cursor on the board.
    if (current) this.awareness.setLocalState({ ...current, cursor: null, selection: [], drag: null });
    super.dispose();
  }

  private queue(patch: Partial<LocalState>, immediate: boolean): void {
    this.pending = { ...this.pending, ...patch };
    const wait = this.lastFlush + PRESENCE_THROTTLE_MS - Date.now();
    if (immediate || wait <= 0) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), wait);
  }
}
