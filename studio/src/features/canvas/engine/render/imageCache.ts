/**
 * Images drawn on the canvas, loaded once per URL and shared by every node that shows them (a
 * project often repeats one picture, and every level-of-detail URL of a source is its own entry).
 * Loads run a few at a time, newest request first: while the user pans, what is on screen now
 * matters more than what scrolled past. Entries remember their "family" (the node's original
 * `src`) so a view can keep drawing a smaller variant until the sharper one arrives.
 */
import type { Disposable } from '../types.ts';

export type ImageState = 'queued' | 'loading' | 'loaded' | 'error';

export interface ImageEntry {
  readonly url: string;
  /** The source the URL was derived from (LOD variants of one `src` share it). */
  readonly family: string;
  state: ImageState;
  readonly image: HTMLImageElement;
  /** Natural size once loaded (0 before). */
  width: number;
  height: number;
  /** Mean colour (`rgb(…)`) for the smallest level of detail; computed on first use, null if unknown. */
  avgColor: string | null | undefined;
  /** Monotonic use stamp (LRU eviction). */
  lastUsed: number;
  /** Failed loads so far (a failure is retried a few times before the entry shows an error). */
  failures: number;
}

export interface ImageCacheOptions {
  /** Parallel loads; browsers allow ~6 connections per host anyway. */
  maxConcurrent?: number;
  /** Entries kept before the least recently used finished ones are forgotten. */
  maxEntries?: number;
  /** Tests give a fake element factory (jsdom never loads images). */
  createImage?: () => HTMLImageElement;
}

const DEFAULT_MAX_CONCURRENT = 6;
/**
 * A collaborator's new upload can reach my canvas a moment before the server lets me load it
 * (project members' access is listed when the document is stored): retry before giving up.
 */
const RETRY_DELAYS_MS = [800, 2000, 5000];
const DEFAULT_MAX_ENTRIES = 4000;

export class ImageCache implements Disposable {
  private readonly entries = new Map<string, ImageEntry>();
  /** Loaded entries per family, for fallbacks. */
  private readonly families = new Map<string, Set<ImageEntry>>();
  /** Waiting loads in request order; the newest is started first. */
  private readonly queue = new Set<ImageEntry>();
  private readonly listeners = new Set<(entry: ImageEntry) => void>();
  private readonly cleanups = new Map<ImageEntry, () => void>();
  private active = 0;
  private clock = 0;
  private disposed = false;
  private readonly maxConcurrent: number;
  private readonly maxEntries: number;
  private readonly createImage: () => HTMLImageElement;
  private colorCanvas: HTMLCanvasElement | null = null;
  private readonly retryTimers = new Set<ReturnType<typeof setTimeout>>();

  constructor(opts: ImageCacheOptions = {}) {
    this.maxConcurrent = opts.maxConcurrent ?? DEFAULT_MAX_CONCURRENT;
    this.maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.createImage = opts.createImage ?? (() => new Image());
  }

  /** Number of entries (any state). */
  get size(): number {
    return this.entries.size;
  }

  /** The entry for `url`, starting (or queueing) its load the first time it is asked for. */
  request(url: string, family: string = url): ImageEntry {
    let entry = this.entries.get(url);
    if (entry) {
      entry.lastUsed = ++this.clock;
      // Asked for again while still waiting: move it to the front of the queue (not one waiting to retry).
      if (entry.state === 'queued' && this.queue.has(entry)) {
        this.queue.delete(entry);
        this.queue.add(entry);
      }
      return entry;
    }
    entry = { url, family, state: 'queued', image: this.createImage(), width: 0, height: 0, avgColor: undefined, lastUsed: ++this.clock, failures: 0 };
    this.entries.set(url, entry);
    this.queue.add(entry);
    this.pump();
    this.evict();
    return entry;
  }

  /** The entry if it exists, without starting a load. */
  peek(url: string): ImageEntry | undefined {
    return this.entries.get(url);
  }

  /** The largest loaded variant of a family (a fallback while the wanted one loads), or null. */
  bestLoaded(family: string): ImageEntry | null {
    let best: ImageEntry | null = null;
    for (const entry of this.families.get(family) ?? []) if (!best || entry.width > best.width) best = entry;
    return best;
  }

  /** Resolves when the URL has loaded or failed (frame export waits for its images). */
  load(url: string, family: string = url): Promise<ImageEntry> {
    const entry = this.request(url, family);
    if (entry.state === 'loaded' || entry.state === 'error') return Promise.resolve(entry);
    return new Promise((resolve) => {
      const off = this.subscribe((e) => {
        if (e !== entry) return;
        off();
        resolve(entry);
      });
    });
  }

  /** Called whenever an entry finishes loading or fails. */
  subscribe(listener: (entry: ImageEntry) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * The image's mean colour, drawn through a 1×1 canvas once and remembered; null when it cannot
   * be read (not loaded, no 2D canvas, or a cross-origin image without CORS taints the canvas).
   */
  averageColor(entry: ImageEntry): string | null {
    if (entry.avgColor !== undefined) return entry.avgColor;
    if (entry.state !== 'loaded') return null;
    entry.avgColor = null;
    try {
      this.colorCanvas ??= document.createElement('canvas');
      this.colorCanvas.width = 1;
      this.colorCanvas.height = 1;
      const ctx = this.colorCanvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) return null;
      ctx.clearRect(0, 0, 1, 1);
      ctx.drawImage(entry.image, 0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      if (a) entry.avgColor = `rgb(${r},${g},${b})`;
    } catch {
      // Tainted canvas (cross-origin image) or no canvas support: the caller draws a grey box.
    }
    return entry.avgColor;
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    for (const cleanup of this.cleanups.values()) cleanup();
    this.cleanups.clear();
    this.queue.clear();
    this.listeners.clear();
    this.entries.clear();
    this.families.clear();
  }

  private pump(): void {
    while (!this.disposed && this.active < this.maxConcurrent && this.queue.size > 0) {
      let newest: ImageEntry | undefined;
      for (const entry of this.queue) newest = entry;
      if (!newest) return;
      this.queue.delete(newest);
      this.start(newest);
    }
  }

  private start(entry: ImageEntry): void {
    this.active++;
    entry.state = 'loading';
    const img = entry.image;
    const done = (ok: boolean) => {
      cleanup();
      this.active--;
      if (this.disposed) return;
      if (ok) {
        entry.state = 'loaded';
        entry.width = img.naturalWidth || img.width;
        entry.height = img.naturalHeight || img.height;
        let family = this.families.get(entry.family);
        if (!family) {
          family = new Set();
          this.families.set(entry.family, family);
        }
        family.add(entry);
      } else if (entry.failures < RETRY_DELAYS_MS.length) {
        this.retryLater(entry, RETRY_DELAYS_MS[entry.failures++] ?? 0);
        this.pump();
        return;
      } else {
        entry.state = 'error';
      }
      for (const listener of [...this.listeners]) listener(entry);
      this.pump();
    };
    const onLoad = () => done(true);
    const onError = () => done(false);
    const cleanup = () => {
      img.removeEventListener('load', onLoad);
      img.removeEventListener('error', onError);
      this.cleanups.delete(entry);
    };
    this.cleanups.set(entry, cleanup);
    img.addEventListener('load', onLoad);
    img.addEventListener('error', onError);
    // Pixels must stay readable (average colour, frame export): our media is same-origin or CORS-enabled.
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.src = entry.url;
  }

  private retryLater(entry: ImageEntry, delayMs: number): void {
    entry.state = 'queued';
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.disposed || this.entries.get(entry.url) !== entry) return;
      this.queue.add(entry);
      this.pump();
    }, delayMs);
    this.retryTimers.add(timer);
  }

  /** Forgets the least recently used finished entries beyond the cap (views keep drawing what they hold). */
  private evict(): void {
    if (this.entries.size <= this.maxEntries) return;
    const finished = [...this.entries.values()].filter((e) => e.state === 'loaded' || e.state === 'error').sort((a, b) => a.lastUsed - b.lastUsed);
    // Down to 90 % of the cap, so the sort runs once per many requests rather than on each.
    const excess = this.entries.size - Math.floor(this.maxEntries * 0.9);
    for (const entry of finished.slice(0, excess)) {
      this.entries.delete(entry.url);
      const family = this.families.get(entry.family);
      family?.delete(entry);
      if (family && family.size === 0) this.families.delete(entry.family);
    }
  }
}
