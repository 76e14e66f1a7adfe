/**
 * Drives a real CanvasManager with synthetic input, without a browser (in the spirit of tldraw's
 * TestEditor): `canvas.pointerDown(100, 100); canvas.expectToBeIn('select.pointing')`. With the
 * default camera {0, 0, 1}, screen and canvas coordinates are the same.
 */
import { nodesOf, readNode, writeNode, zCanvasNode, type CanvasNode, type NodeType } from '@tessera/shared/canvas';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { CanvasManager } from '../CanvasManager.ts';
import type { Camera, CanvasEventName, CanvasEvents, CanvasKeyEvent, CanvasPointerEvent, CanvasUser, Point } from '../types.ts';

export interface PointerOpts {
  shift?: boolean;
  alt?: boolean;
  mod?: boolean;
  button?: number;
}

/** A node for `createNodes`: type and whatever fields matter to the test; the rest is filled in. */
export type TestNode = { type: NodeType } & Partial<Record<string, unknown>>;

/** Origin of setup writes: not the manager's, so they are not on its undo stack. */
export const TEST_SETUP_ORIGIN = 'test-setup';

const DEFAULTS: Record<NodeType, Record<string, unknown>> = {
  image: { src: '/api/media/test.png' },
  video: { src: '/api/media/test.mp4' },
  text: { text: 'Text' },
  shape: { shape: 'rect' },
  frame: {},
  placeholder: {
    output: 'image',
    status: 'running',
    generation: { taskId: 't1', kind: 'text_to_image', params: {}, cost: 1, parentNodeId: null, requestedBy: { id: 'u1', name: 'Ada' }, createdAt: '2024-01-01T00:00:00.000Z' },
  },
};

export class TestCanvas {
  readonly doc: Y.Doc;
  readonly manager: CanvasManager;
  /** Every event the manager raised, in order. */
  readonly events: { name: CanvasEventName; payload: unknown }[] = [];
  private nextId = 1;
  private readonly offs: (() => void)[] = [];

  constructor(opts: { readOnly?: boolean; user?: CanvasUser; size?: { width: number; height: number }; doc?: Y.Doc; awareness?: Awareness } = {}) {
    this.doc = opts.doc ?? new Y.Doc();
    this.manager = new CanvasManager(
      this.doc,
      { user: opts.user ?? { id: 'u1', name: 'Ada', color: '#e11d48' }, readOnly: opts.readOnly ?? false, size: opts.size ?? { width: 1000, height: 800 } },
      opts.awareness,
    );
    const names: CanvasEventName[] = ['frameDrawn', 'expandDrawn', 'filesReceived', 'nodeActivated', 'readOnlyAttempt'];
    for (const name of names) this.offs.push(this.manager.on(name, (payload) => this.events.push({ name, payload })));
  }

  /** Payloads of one event kind. */
  emitted<E extends CanvasEventName>(name: E): CanvasEvents[E][] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload as CanvasEvents[E]);
  }

  pointerDown(x: number, y: number, opts: PointerOpts = {}): this {
    this.manager.pointerDown(this.pointer(x, y, opts));
    return this;
  }

  pointerMove(x: number, y: number, opts: PointerOpts = {}): this {
    this.manager.pointerMove(this.pointer(x, y, opts));
    return this;
  }

  pointerUp(x: number, y: number, opts: PointerOpts = {}): this {
    this.manager.pointerUp(this.pointer(x, y, opts));
    return this;
  }

  click(x: number, y: number, opts: PointerOpts = {}): this {
    return this.pointerDown(x, y, opts).pointerUp(x, y, opts);
  }

  /** Press at `from`, move there in a few steps, release at `to`. */
  drag(from: Point, to: Point, opts: PointerOpts & { steps?: number } = {}): this {
    const steps = opts.steps ?? 4;
    this.pointerDown(from.x, from.y, opts);
    for (let i = 1; i <= steps; i++) this.pointerMove(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps, opts);
    return this.pointerUp(to.x, to.y, opts);
  }

  wheel(x: number, y: number, deltaX: number, deltaY: number, opts: { mod?: boolean } = {}): this {
    this.manager.wheel({ point: { x, y }, deltaX, deltaY, modKey: opts.mod ?? false });
    return this;
  }

  keyDown(key: string, opts: { shift?: boolean; alt?: boolean; mod?: boolean; code?: string; repeat?: boolean } = {}): boolean {
    return this.manager.keyDown(this.key(key, opts));
  }

  keyUp(key: string, opts: { shift?: boolean; alt?: boolean; mod?: boolean; code?: string } = {}): this {
    this.manager.keyUp(this.key(key, opts));
    return this;
  }

  /** e.g. 'mod+z', 'shift+mod+z', 'Delete', 'shift+1'. Returns whether it was handled. */
  shortcut(shortcut: string): boolean {
    const parts = shortcut.split('+');
    const key = parts.pop() ?? '';
    const mods = new Set(parts);
    return this.keyDown(key, { shift: mods.has('shift'), alt: mods.has('alt'), mod: mods.has('mod') });
  }

  /** Writes nodes straight into the document (not undoable by the manager). Ids default to n1, n2 … */
  createNodes(...partials: TestNode[]): CanvasNode[] {
    let z = this.manager.store.topZ();
    const nodes = partials.map((p) => zCanvasNode.parse({ id: `n${this.nextId++}`, x: 0, y: 0, width: 100, height: 100, z: ++z, ...DEFAULTS[p.type], ...p }));
    this.doc.transact(() => {
      for (const node of nodes) writeNode(this.doc, node);
    }, TEST_SETUP_ORIGIN);
    return nodes;
  }

  /** The node as stored in the Yjs document (what collaborators see), or undefined. */
  node(id: string): CanvasNode | undefined {
    const map = nodesOf(this.doc).get(id);
    return map ? (readNode(map) ?? undefined) : undefined;
  }

  /** Every node in the document. */
  nodes(): CanvasNode[] {
    return this.manager.store.all().map((n) => this.node(n.id)).filter((n): n is CanvasNode => !!n);
  }

  select(...ids: string[]): this {
    this.manager.selection.set(ids);
    return this;
  }

  get selected(): readonly string[] {
    return this.manager.selection.ids;
  }

  setCamera(camera: Camera): this {
    this.manager.viewport.setCamera(camera);
    return this;
  }

  /** Throws unless the active tool is in that state ('select.idle', 'select.dragging', 'hand.panning' …). */
  expectToBeIn(path: string): this {
    const actual = this.manager.tools.stateOf();
    if (actual !== path) throw new Error(`Expected the canvas to be in '${path}' but it is in '${actual}'`);
    return this;
  }

  dispose(): void {
    for (const off of this.offs.splice(0)) off();
    this.manager.dispose();
  }

  private pointer(x: number, y: number, opts: PointerOpts): CanvasPointerEvent {
    return { point: { x, y }, button: opts.button ?? 0, shiftKey: !!opts.shift, altKey: !!opts.alt, modKey: !!opts.mod, pointerId: 1 };
  }

  private key(key: string, opts: { shift?: boolean; alt?: boolean; mod?: boolean; code?: string; repeat?: boolean }): CanvasKeyEvent {
    const code = opts.code ?? (/^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^[0-9]$/.test(key) ? `Digit${key}` : key === ' ' ? 'Space' : key);
    return { key, code, shiftKey: !!opts.shift, altKey: !!opts.alt, modKey: !!opts.mod, repeat: !!opts.repeat };
  }
}
