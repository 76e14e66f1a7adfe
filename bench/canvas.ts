/**
 * bench/canvas: the canvas engine in headless Chromium on this machine's CPU (no GPU), through the
 * studio's `/app/canvas-bench?nodes=N` page (a local project of N image nodes in a grid, the real
 * CanvasManager + KonvaRenderer + DomInput). For each N it prints: opening time (decoding the
 * project's Yjs update → first frame), pan fps (trackpad-style wheel scrolling across the board at
 * twice the fit zoom) and zoom fps (pinch between the fit and four times it), frames counted with
 * requestAnimationFrame, against the targets. Builds the studio first when its build
 * lacks the bench page. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startServer } from '@tessera/studio/e2e/harness';

const STUDIO = join(import.meta.dirname, '../studio');
/** The server serves STUDIO_DIST when set (e.g. a scratch build), studio/dist otherwise. */
export const DIST = process.env.STUDIO_DIST ?? join(STUDIO, 'dist');
const BENCH_PAGE = 'src/pages/CanvasBenchPage.tsx';

/** Issue 8: ≥ 58 fps pan/zoom with 1,000 image nodes, ≥ 50 with 5,000, ≥ 30 with 10,000; open 5,000 in ≤ 1.5 s. */
export const CANVAS_TARGETS: Record<number, { fps: number; openMs?: number }> = {
  1000: { fps: 58 },
  5000: { fps: 50, openMs: 1500 },
  10000: { fps: 30 },
};

export interface CanvasBenchRow {
  nodes: number;
  openMs: number;
  imagesMs: number;
  panFps: number;
  zoomFps: number;
  panWorstMs: number;
  zoomWorstMs: number;
}

/** What the bench page exposes (studio/src/pages/CanvasBenchPage.tsx). */
interface PageBench {
  openMs: number;
  imagesMs: number;
  run(kind: 'pan' | 'zoom', ms: number): Promise<{ fps: number; frames: number; worstFrameMs: number }>;
}
/** Written out inside each page function: those are serialised into the page, closures do not travel. */
type PageGlobal = { __canvasBench?: PageBench };

/** Builds the studio into DIST unless its build already has `benchPage` (other benches pass theirs). */
export function ensureStudioBuilt(benchPage = BENCH_PAGE): void {
  const manifest = join(DIST, '.vite/manifest.json');
  // A build without the brotli copies predates studio/vite-plugins/precompress.ts.
  if (existsSync(join(DIST, 'index.html.br')) && existsSync(manifest) && readFileSync(manifest, 'utf8').includes(benchPage)) return;
  console.log(`bench — building the studio into ${DIST} …`);
  const vite = join(import.meta.dirname, '../node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--outDir', DIST, '--emptyOutDir'], { cwd: STUDIO, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('studio build failed');
}

export async function benchCanvas(opts: { sizes?: number[]; runMs?: number } = {}): Promise<CanvasBenchRow[]> {
  const sizes = opts.sizes ?? [1000, 5000, 10000];
  const runMs = opts.runMs ?? 3000;
  ensureStudioBuilt();
  const server = await startServer({ env: { STUDIO_DIST: DIST } });
  const browser = await launchBrowser();
  const rows: CanvasBenchRow[] = [];
  try {
    for (const nodes of sizes) {
      // A fresh page per size: nothing of the previous board stays in memory.
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      try {
        await page.goto(`${server.url}/app/canvas-bench?nodes=${nodes}`);
        await page.waitForFunction(() => Number.isFinite((globalThis as PageGlobal).__canvasBench?.imagesMs), null, { timeout: 120_000, polling: 100 });
        const { openMs, imagesMs } = await page.evaluate(() => {
          const bench = (globalThis as PageGlobal).__canvasBench;
          return { openMs: bench?.openMs ?? NaN, imagesMs: bench?.imagesMs ?? NaN };
        });
        const pan = await page.evaluate((ms) => (globalThis as PageGlobal).__canvasBench?.run('pan', ms), runMs);
        const zoom = await page.evaluate((ms) => (globalThis as PageGlobal).__canvasBench?.run('zoom', ms), runMs);
        if (!pan || !zoom) throw new Error('the bench page did not start');
        rows.push({ nodes, openMs, imagesMs, panFps: pan.fps, zoomFps: zoom.fps, panWorstMs: pan.worstFrameMs, zoomWorstMs: zoom.worstFrameMs });
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗ below target');

/** The figures with their targets, one line per figure. */
export function printCanvasBench(rows: CanvasBenchRow[]): void {
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        `${r.nodes} image nodes`,
        {
          'open ms': r.openMs,
          'all images ms': r.imagesMs,
          'pan fps': +r.panFps.toFixed(1),
          'zoom fps': +r.zoomFps.toFixed(1),
          'pan worst frame ms': r.panWorstMs,
          'zoom worst frame ms': r.zoomWorstMs,
        },
      ]),
    ),
  );
  for (const r of rows) {
    const target = CANVAS_TARGETS[r.nodes];
    if (!target) continue;
    console.log(`${r.nodes} nodes: pan ${r.panFps.toFixed(1)} fps (target ≥ ${target.fps}) ${mark(r.panFps >= target.fps)}`);
    console.log(`${r.nodes} nodes: zoom ${r.zoomFps.toFixed(1)} fps (target ≥ ${target.fps}) ${mark(r.zoomFps >= target.fps)}`);
    if (target.openMs !== undefined) console.log(`${r.nodes} nodes: open ${r.openMs} ms (target ≤ ${target.openMs}) ${mark(r.openMs <= target.openMs)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.env.BENCH_CANVAS_NODES?.split(',').map(Number);
  console.log('bench/canvas — headless Chromium, no GPU, 1280×720, frames counted with requestAnimationFrame');
  printCanvasBench(await benchCanvas({ ...(sizes ? { sizes } : {}), runMs: Number(process.env.BENCH_CANVAS_MS ?? 3000) }));
}
