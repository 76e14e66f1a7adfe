/**
 * ffmpeg.wasm, loaded lazily from our own origin. The single-thread core (`ffmpeg-core.js` and its
 * 32 MB `ffmpeg-core.wasm`, from @ffmpeg/core — GPL-2.0-or-later, loaded unmodified as a separate
 * program) is emitted by Vite as hashed assets next to the studio and fetched only when this
 * module is first imported and `loadFfmpeg()` called: never from a CDN, never on the home page
 * (import this module dynamically). The wasm is downloaded with progress and handed to the core
 * as a blob URL, so the dialog can show a progress bar for it; the browser caches the hashed
 * asset, which makes the next load (after a page reload) warm.
 *
 * One instance is shared; `terminate()` (how a running job is aborted) drops it, and the next
 * `loadFfmpeg()` starts a fresh one. `lastCoreLoad()` tells how long the last load took.
 */
import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreUrl from '@ffmpeg/core?url';
import wasmUrl from '@ffmpeg/core/wasm?url';

export interface CoreLoad {
  /** Wall time of the load: the wasm download (or cache hit) plus compiling and starting the core, ms. */
  ms: number;
  /** Time spent getting the wasm bytes, ms (near 0 when the browser cache has them). */
  fetchMs: number;
}

export interface LoadOptions {
  /** Download progress of the core, 0–1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

let instance: Promise<FFmpeg> | null = null;
let lastLoad: CoreLoad | null = null;
/** The last completed core load (null until one finished). */
export const lastCoreLoad = (): CoreLoad | null => lastLoad;

/** The wasm's decoded size, set by the build (studio/vite.config.ts); absent under unit tests. */
declare const __FFMPEG_WASM_BYTES__: number | undefined;

/**
 * The wasm bytes as a blob URL, reporting download progress. The server sends a brotli or gzip copy
 * when the browser accepts one (server/src/plugins/studio.ts): its Content-Length then counts
 * encoded bytes while the stream yields decoded ones, so progress goes by the wasm's own size.
 */
async function fetchWasm(onProgress: ((fraction: number) => void) | undefined, signal: AbortSignal | undefined): Promise<string> {
  const res = await fetch(wasmUrl, signal ? { signal } : {});
  if (!res.ok || !res.body) throw new Error(`ffmpeg core: HTTP ${res.status}`);
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  const decodedSize = typeof __FFMPEG_WASM_BYTES__ === 'number' ? __FFMPEG_WASM_BYTES__ : 0;
  const total = encoded ? decodedSize : Number(res.headers.get('content-length')) || decodedSize;
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total) onProgress?.(Math.min(1, received / total));
  }
  onProgress?.(1);
  return URL.createObjectURL(new Blob(chunks, { type: 'application/wasm' }));
}

async function start(opts: LoadOptions): Promise<FFmpeg> {
  const started = performance.now();
  const blobUrl = await fetchWasm(opts.onProgress, opts.signal);
  const fetchMs = performance.now() - started;
  const ffmpeg = new FFmpeg();
  try {
    // The core module is imported by the worker from our origin (a module worker: `import()`).
    await ffmpeg.load({ coreURL: new URL(coreUrl, window.location.href).href, wasmURL: blobUrl }, opts.signal ? { signal: opts.signal } : {});
  } catch (error) {
    ffmpeg.terminate();
    throw error;
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
  lastLoad = { ms: Math.round(performance.now() - started), fetchMs: Math.round(fetchMs) };
  return ffmpeg;
}

/** The shared ffmpeg.wasm instance, loading the core on first use. */
export function loadFfmpeg(opts: LoadOptions = {}): Promise<FFmpeg> {
  if (!instance) {
    const loading = start(opts);
    instance = loading;
    loading.catch(() => {
      if (instance === loading) instance = null;
    });
  } else {
    opts.onProgress?.(1);
  }
  return instance;
}

/** Kills the worker (aborting whatever it runs); the next `loadFfmpeg()` starts a new one. */
export function terminateFfmpeg(): void {
  const current = instance;
  instance = null;
  void current?.then(
    (f) => f.terminate(),
    () => undefined,
  );
}
