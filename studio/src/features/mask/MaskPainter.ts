/**
 * The mask painter behind object remover and inpaint: a brush over the image, kept outside
 * React (CONVENTIONS "the canvas engine lives outside React"). Strokes are stored in the
 * image's own pixels, so the exported mask always has the image's size whatever the screen
 * size; the display canvas is only a scaled view of them.
 *
 * A gesture is a small state machine: `idle -> painting -> idle`. Pointer and keyboard both
 * drive it: arrows move a brush cursor, Space puts the brush down or lifts it, Enter dabs.
 */
import { encodeGrayPng } from './png.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Stroke {
  /** Brush diameter in image pixels. */
  size: number;
  points: Point[];
}

export interface MaskSnapshot {
  state: 'idle' | 'painting';
  brushSize: number;
  minBrush: number;
  maxBrush: number;
  strokeCount: number;
  canUndo: boolean;
}

/** Longest side of the on-screen canvas; the mask itself is exported at full size. */
const DISPLAY_MAX_SIDE = 1024;
const BRUSH_COLOR = '#ec4899';

export class MaskPainter {
  readonly width: number;
  readonly height: number;
  readonly minBrush: number;
  readonly maxBrush: number;
  private strokes: Stroke[] = [];
  /** Earlier versions of `strokes`, for undo (a stroke and a clear are one step each). */
  private past: Stroke[][] = [];
  private current: Stroke | null = null;
  private brush: number;
  private cursor: Point;
  private cursorVisible = false;
  private listeners = new Set<() => void>();
  private snap: MaskSnapshot;
  private canvas: HTMLCanvasElement | null = null;
  private disposers: (() => void)[] = [];

  constructor(width: number, height: number, opts: { brushSize?: number } = {}) {
    if (!(width > 0 && height > 0)) throw new Error('The image has no size yet.');
    this.width = Math.round(width);
    this.height = Math.round(height);
    const side = Math.max(this.width, this.height);
    this.minBrush = Math.max(2, Math.round(side / 100));
    this.maxBrush = Math.max(this.minBrush + 1, Math.round(side / 4));
    this.brush = this.clampBrush(opts.brushSize ?? Math.round(side / 16));
    this.cursor = { x: this.width / 2, y: this.height / 2 };
    this.snap = this.makeSnapshot();
  }

  // --- state for React (useSyncExternalStore) -------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MaskSnapshot => this.snap;

  private makeSnapshot(): MaskSnapshot {
    return {
      state: this.current ? 'painting' : 'idle',
      brushSize: this.brush,
      minBrush: this.minBrush,
      maxBrush: this.maxBrush,
      strokeCount: this.strokes.length + (this.current ? 1 : 0),
      canUndo: this.past.length > 0,
    };
  }

  private changed() {
    this.snap = this.makeSnapshot();
    this.render();
    for (const listener of this.listeners) listener();
  }

  // --- editing -------------------------------------------------------------------------

  get isEmpty(): boolean {
    return this.strokes.length === 0 && !this.current;
  }

  private clampBrush(size: number) {
    return Math.min(this.maxBrush, Math.max(this.minBrush, Math.round(size)));
  }

  setBrushSize(size: number) {
    this.brush = this.clampBrush(size);
    this.changed();
  }

  private clampPoint(p: Point): Point {
    return { x: Math.min(this.width, Math.max(0, p.x)), y: Math.min(this.height, Math.max(0, p.y)) };
  }

  /** idle -> painting */
  pointDown(p: Point) {
    if (this.current) this.pointUp();
    this.current = { size: this.brush, points: [this.clampPoint(p)] };
    this.changed();
  }

  /** painting: extend the stroke; idle: only the cursor moves. */
  pointMove(p: Point) {
    const point = this.clampPoint(p);
    this.cursor = point;
    if (this.current) this.current.points.push(point);
    this.changed();
  }

  /** painting -> idle: the stroke becomes one undo step. */
  pointUp() {
    if (!this.current) return;
    this.past.push(this.strokes);
    this.strokes = [...this.strokes, this.current];
    this.current = null;
    this.changed();
  }

  undo() {
    if (this.current) {
      this.current = null;
    } else {
      const previous = this.past.pop();
      if (!previous) return;
      this.strokes = previous;
    }
    this.changed();
  }

  clear() {
    if (this.isEmpty) return;
    this.current = null;
    this.past.push(this.strokes);
    this.strokes = [];
    this.changed();
  }

  /** Keyboard control; true when the key was ours. */
  handleKey(key: string, mods: { shift?: boolean; ctrl?: boolean } = {}): boolean {
    if (mods.ctrl && key.toLowerCase() === 'z') {
      this.undo();
      return true;
    }
    const step = Math.max(1, this.brush / 4) * (mods.shift ? 4 : 1);
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[key];
    if (move) {
      this.cursorVisible = true;
      this.pointMove({ x: this.cursor.x + move.x, y: this.cursor.y + move.y });
      return true;
    }
    switch (key) {
      case ' ':
        this.cursorVisible = true;
        if (this.current) this.pointUp();
        else this.pointDown(this.cursor);
        return true;
      case 'Enter':
        this.cursorVisible = true;
        this.pointDown(this.cursor);
        this.pointUp();
        return true;
      case 'Escape':
        if (!this.current) return false;
        this.pointUp();
        return true;
      case '[':
        this.setBrushSize(this.brush * 0.8);
        return true;
      case ']':
        this.setBrushSize(this.brush * 1.25);
        return true;
      default:
        return false;
    }
  }

  // --- export ----------------------------------------------------------------------------

  /** The mask, one byte per image pixel: 255 where painted, 0 elsewhere. */
  rasterize(): Uint8Array {
    const out = new Uint8Array(this.width * this.height);
    const strokes = this.current ? [...this.strokes, this.current] : this.strokes;
    for (const stroke of strokes) {
      const r = stroke.size / 2;
      const pts = stroke.points;
      if (pts.length === 1) fillCapsule(out, this.width, this.height, pts[0]!, pts[0]!, r);
      for (let i = 1; i < pts.length; i++) fillCapsule(out, this.width, this.height, pts[i - 1]!, pts[i]!, r);
    }
    return out;
  }

  /** A PNG of the image's size: white where the brush went, black elsewhere. */
  async exportPng(): Promise<Blob> {
    const png = await encodeGrayPng(this.width, this.height, this.rasterize());
    return new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' });
  }

  // --- display ---------------------------------------------------------------------------

  /** Draws on `canvas` and listens to its pointer and keyboard events until `dispose()`. */
  attach(canvas: HTMLCanvasElement) {
    this.dispose();
    this.canvas = canvas;
    const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(this.width, this.height));
    canvas.width = Math.max(1, Math.round(this.width * scale));
    canvas.height = Math.max(1, Math.round(this.height * scale));

    const toImage = (e: PointerEvent): Point => {
      const rect = canvas.getBoundingClientRect();
      return { x: ((e.clientX - rect.left) / rect.width) * this.width, y: ((e.clientY - rect.top) / rect.height) * this.height };
    };
    const listen = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      canvas.addEventListener(type, fn);
      this.disposers.push(() => canvas.removeEventListener(type, fn));
    };
    listen('pointerdown', (e) => {
      if (e.button !== 0) return;
      canvas.setPointerCapture?.(e.pointerId);
      this.cursorVisible = false;
      this.pointDown(toImage(e));
    });
    listen('pointermove', (e) => this.pointMove(toImage(e)));
    listen('pointerup', () => this.pointUp());
    listen('pointercancel', () => this.pointUp());
    listen('keydown', (e) => {
      if (this.handleKey(e.key, { shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey })) e.preventDefault();
    });
    listen('blur', () => {
      this.cursorVisible = false;
      this.pointUp();
      this.render();
    });
    this.render();
  }

  dispose() {
    for (const dispose of this.disposers) dispose();
    this.disposers = [];
    this.canvas = null;
  }

  private render() {
    const canvas = this.canvas;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const s = canvas.width / this.width;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = BRUSH_COLOR;
    ctx.strokeStyle = BRUSH_COLOR;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of this.current ? [...this.strokes, this.current] : this.strokes) {
      const [first, ...rest] = stroke.points;
      if (!first) continue;
      ctx.beginPath();
      ctx.arc(first.x * s, first.y * s, (stroke.size / 2) * s, 0, Math.PI * 2);
      ctx.fill();
      if (!rest.length) continue;
      ctx.lineWidth = stroke.size * s;
      ctx.beginPath();
      ctx.moveTo(first.x * s, first.y * s);
      for (const p of rest) ctx.lineTo(p.x * s, p.y * s);
      ctx.stroke();
    }
    if (this.cursorVisible) {
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(this.cursor.x * s, this.cursor.y * s, (this.brush / 2) * s, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

/** Sets every pixel whose centre lies within `r` of the segment a–b. */
function fillCapsule(out: Uint8Array, width: number, height: number, a: Point, b: Point, r: number) {
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + r));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - a.x) * dx + (py - a.y) * dy) / len2));
      const ex = px - (a.x + t * dx);
      const ey = py - (a.y + t * dy);
      if (ex * ex + ey * ey <= r2) out[y * width + x] = 255;
    }
  }
}
