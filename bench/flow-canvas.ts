/**
 * bench/flow-canvas (issue 24): the flow layer at scale in headless Chromium (no GPU, 1280×720).
 * The built server on PostgreSQL (the e2e harness's `startServer`), a verified account, a project
 * whose document gets a flow of `BENCH_FLOW_CANVAS_CHAINS` (default 125) chains of four cards —
 * a prompt input → text to image → image to image → image to video, the prompt also feeding the
 * image-to-image step: 500 cards and 500 wires laid out in a grid — written through the
 * collaboration server by a Yjs client (HocuspocusProvider). Then `/app/canvas/<id>` is opened and
 * measured, `BENCH_FLOW_CANVAS_RUNS` (default 3) times, each in a fresh browser context:
 * - open: navigation → the flow layer has drawn the document's cards (all 500, or every card in
 *   view when the layer culls);
 * - idle, pan, zoom and drag: frames counted with requestAnimationFrame over `BENCH_FLOW_CANVAS_MS`
 *   (default 3000) at zoom 1 over the flow's middle — nothing moving; panning through the canvas's
 *   own pan API (`viewport.panBy`) every frame; zooming (`viewport.zoomAt`) between 0.4× and 1.2×
 *   every frame; one card dragged by its header with the mouse (CDP input, as a person does).
 *   Then `overview`: panning the same way with the whole flow in view (its fit zoom, ~0.1×, as
 *   the canvas opens on it). Each prints the median frame's rate (p50 fps), the mean rate and
 *   the worst frame (ms).
 * The machine's load average is printed with each run. Uses the current `studio/dist` (run
 * `npm run build` first: the bench page check of bench/canvas.ts does not see flow changes).
 * Prints figures; asserts nothing. Alone: `node --import tsx bench/flow-canvas.ts`.
 */
import { loadavg } from 'node:os';
import { inputPortsOf } from '@tessera/shared/flows';
import { type FlowDocNode, flowEdgesOf, writeFlowNode } from '@tessera/shared/flows/document';
import { closeCollabClients, connectCollab } from '@tessera/server/test/collabClient';
import { addSessionCookie, launchBrowser, signUpVerified, startServer, trpcCall } from '@tessera/studio/e2e/harness';
import type { Page } from 'playwright-core';
import { DIST, ensureStudioBuilt } from './canvas.ts';

type Phase = 'idle' | 'pan' | 'zoom' | 'drag' | 'overview';
const PHASES: Phase[] = ['idle', 'pan', 'zoom', 'drag', 'overview'];

export interface FrameFigures {
  p50Fps: number;
  meanFps: number;
  worstFrameMs: number;
  frames: number;
}

export interface FlowCanvasRun {
  /** Navigation → every card the layer draws is on the page (ms). */
  openMs: number;
  /** Cards in the page once open (all of them, or those in view when culled). */
  cardsInPage: number;
  phases: Record<Phase, FrameFigures>;
  /** 1-minute load average before and after the run. */
  load: [number, number];
}

export interface FlowCanvasBench {
  cards: number;
  wires: number;
  runs: FlowCanvasRun[];
}

/** 4 cards per chain; chains in a grid of `columns`. */
function flowOf(chains: number, columns = 5): { nodes: FlowDocNode[]; edges: { id: string; from: string; to: string; toPort: string }[]; bounds: { x: number; y: number; width: number; height: number } } {
  const nodes: FlowDocNode[] = [];
  const edges: { id: string; from: string; to: string; toPort: string }[] = [];
  const port = (kind: 'text_to_image' | 'image_to_image' | 'image_to_video', type: 'text' | 'image') => {
    const found = inputPortsOf(kind).find((p) => p.type === type);
    if (!found) throw new Error(`${kind} has no ${type} port`);
    return found.name;
  };
  const CHAIN_WIDTH = 4 * 320 + 160;
  const ROW_HEIGHT = 260;
  for (let c = 0; c < chains; c++) {
    const x0 = (c % columns) * CHAIN_WIDTH;
    const y0 = Math.floor(c / columns) * ROW_HEIGHT;
    const ids = { prompt: `in${c}`, t2i: `t2i${c}`, i2i: `i2i${c}`, i2v: `i2v${c}` };
    nodes.push({ id: ids.prompt, type: 'input', port: 'text', value: `a lighthouse at dusk, take ${c}`, x: x0, y: y0 });
    nodes.push({ id: ids.t2i, type: 'step', kind: 'text_to_image', settings: { seed: c }, x: x0 + 320, y: y0 });
    nodes.push({ id: ids.i2i, type: 'step', kind: 'image_to_image', settings: {}, x: x0 + 640, y: y0 });
    nodes.push({ id: ids.i2v, type: 'step', kind: 'image_to_video', settings: { prompt: 'slow push in' }, x: x0 + 960, y: y0 });
    edges.push({ id: `e${c}a`, from: ids.prompt, to: ids.t2i, toPort: port('text_to_image', 'text') });
    edges.push({ id: `e${c}b`, from: ids.t2i, to: ids.i2i, toPort: port('image_to_image', 'image') });
    edges.push({ id: `e${c}c`, from: ids.prompt, to: ids.i2i, toPort: port('image_to_image', 'text') });
    edges.push({ id: `e${c}d`, from: ids.i2i, to: ids.i2v, toPort: port('image_to_video', 'image') });
  }
  const bounds = { x: 0, y: 0, width: Math.min(chains, columns) * CHAIN_WIDTH, height: Math.ceil(chains / columns) * ROW_HEIGHT };
  return { nodes, edges, bounds };
}

/** What the page keeps for the measurement (written out in page functions: closures do not travel). */
type PageGlobal = {
  __tesseraCanvas?: {
    viewport: {
      camera: { x: number; y: number; zoom: number };
      size: { width: number; height: number };
      panBy(dx: number, dy: number): void;
      zoomAt(p: { x: number; y: number }, factor: number): void;
      centreOn(p: { x: number; y: number }, zoom: number): void;
      fitTo(rect: { x: number; y: number; width: number; height: number }): void;
    };
  };
  __frames?: { deltas: number[]; stop: boolean; done?: Promise<void> };
};

/** Starts counting frames in the page; `kind` pan/zoom also moves the camera every frame. */
async function startFrames(page: Page, kind: Phase): Promise<void> {
  await page.evaluate((kind) => {
    const g = globalThis as unknown as PageGlobal;
    const raf = (globalThis as unknown as { requestAnimationFrame(cb: (t: number) => void): number }).requestAnimationFrame;
    const state: NonNullable<PageGlobal['__frames']> = { deltas: [], stop: false };
    g.__frames = state;
    const viewport = g.__tesseraCanvas?.viewport;
    let last = -1;
    let frame = 0;
    state.done = new Promise<void>((resolve) => {
      const tick = (now: number) => {
        if (last >= 0) state.deltas.push(now - last);
        last = now;
        frame += 1;
        if (viewport && (kind === 'pan' || kind === 'overview')) {
          // Back and forth across the flow, 12 px a frame (about 700 px/s at 60 fps).
          const dir = Math.floor(frame / 90) % 2 === 0 ? 1 : -1;
          viewport.panBy(-12 * dir, -4 * dir);
        }
        if (viewport && kind === 'zoom') {
          // In and out between 0.4× and 1.2× at the view's centre.
          const zoom = viewport.camera.zoom;
          const dir = Math.floor(frame / 60) % 2 === 0 ? -1 : 1;
          const factor = dir < 0 ? (zoom > 0.4 ? 0.98 : 1) : zoom < 1.2 ? 1.02 : 1;
          viewport.zoomAt({ x: viewport.size.width / 2, y: viewport.size.height / 2 }, factor);
        }
        if (state.stop) resolve();
        else raf(tick);
      };
      raf(tick);
    });
  }, kind);
}

async function stopFrames(page: Page): Promise<FrameFigures> {
  const deltas = await page.evaluate(async () => {
    const state = (globalThis as unknown as PageGlobal).__frames;
    if (!state) return [];
    state.stop = true;
    await state.done;
    return state.deltas;
  });
  const sorted = [...deltas].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const total = deltas.reduce((sum, d) => sum + d, 0);
  return { p50Fps: 1000 / median, meanFps: (deltas.length * 1000) / total, worstFrameMs: Math.round(sorted.at(-1) ?? Number.NaN), frames: deltas.length };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Puts the camera at zoom 1 over `at`, or fits `fit` (canvas units) in the view. */
async function home(page: Page, at: { x: number; y: number }, fit?: { x: number; y: number; width: number; height: number }): Promise<void> {
  await page.evaluate(
    ({ at, fit }) => {
      const viewport = (globalThis as unknown as PageGlobal).__tesseraCanvas?.viewport;
      if (fit) viewport?.fitTo(fit);
      else viewport?.centreOn(at, 1);
    },
    { at, fit },
  );
  await sleep(300);
}

export async function benchFlowCanvas(opts: { chains?: number; runs?: number; runMs?: number } = {}): Promise<FlowCanvasBench> {
  const chains = opts.chains ?? 125;
  const runMs = opts.runMs ?? 3000;
  const flow = flowOf(chains);
  ensureStudioBuilt();
  const server = await startServer({ env: { STUDIO_DIST: DIST } });
  const browser = await launchBrowser();
  const runs: FlowCanvasRun[] = [];
  try {
    const cookie = await signUpVerified(server.url, 'bench.flows@example.com', { name: 'Bench' });
    const project = await trpcCall<{ id: string }>(server.url, cookie, 'project.create', { name: 'Flow canvas bench' });
    const client = connectCollab(server.url, project.id, cookie, { origin: server.url });
    await client.synced;
    client.doc.transact(() => {
      for (const node of flow.nodes) writeFlowNode(client.doc, node);
      const edges = flowEdgesOf(client.doc);
      for (const edge of flow.edges) edges.set(edge.id, edge);
    });
    // The server has stored the flow once the provider has nothing unsynced.
    for (let i = 0; client.provider.hasUnsyncedChanges && i < 200; i++) await sleep(50);
    await sleep(500);
    client.close();

    const middle = { x: 640 + 160, y: 6 * 260 };
    for (let run = 0; run < (opts.runs ?? 3); run++) {
      const before = loadavg()[0] ?? 0;
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      await addSessionCookie(context, server.url, cookie);
      // tsx keeps function names with a `__name` helper the page functions below would miss.
      await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/app/canvas/${project.id}`);
        // Every card the layer draws (it says how many in data-flow-drawn when it culls) is in the page.
        const openMs = await page.waitForFunction(
          (total) => {
            const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null; querySelectorAll(s: string): { length: number } } }).document;
            const layer = doc.querySelector('[data-testid="flow-layer"]');
            if (!layer) return false;
            const drawn = layer.getAttribute('data-flow-drawn');
            const expected = drawn === null ? total : Number(drawn);
            if (drawn !== null && layer.getAttribute('data-flow-nodes') !== String(total)) return false;
            const cards = doc.querySelectorAll('[data-testid="flow-card"]').length;
            return cards > 0 && cards === expected ? (globalThis as unknown as { performance: { now(): number } }).performance.now() : false;
          },
          flow.nodes.length,
          { timeout: 120_000, polling: 'raf' },
        );
        const opened = Math.round(Number(await openMs.jsonValue()));
        const cardsInPage = await page.locator('[data-testid="flow-card"]').count();
        await sleep(1000);
        const phases = {} as Record<Phase, FrameFigures>;
        for (const phase of PHASES) {
          await home(page, middle, phase === 'overview' ? flow.bounds : undefined);
          if (phase !== 'drag') {
            await startFrames(page, phase);
            await sleep(runMs);
            phases[phase] = await stopFrames(page);
            continue;
          }
          // The card nearest the view's centre, dragged by its header in circles.
          const header = page.locator('[data-flow-card="t2i30"] [data-testid="flow-card-open"]');
          const box = await header.boundingBox();
          if (!box) throw new Error('no card to drag in view');
          const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
          await page.mouse.move(start.x, start.y);
          await page.mouse.down();
          await startFrames(page, 'drag');
          const began = Date.now();
          for (let i = 0; Date.now() - began < runMs; i++) {
            const angle = i / 10;
            await page.mouse.move(start.x + 150 * Math.sin(angle), start.y + 80 * (1 - Math.cos(angle)));
          }
          phases.drag = await stopFrames(page);
          await page.mouse.up();
        }
        runs.push({ openMs: opened, cardsInPage, phases, load: [before, loadavg()[0] ?? 0] });
      } finally {
        await context.close();
      }
    }
  } finally {
    closeCollabClients();
    await browser.close();
    await server.stop();
  }
  return { cards: flow.nodes.length, wires: flow.edges.length, runs };
}

export function printFlowCanvasBench(r: FlowCanvasBench): void {
  r.runs.forEach((run, i) => {
    console.log(`run ${i + 1}: open ${run.openMs} ms (${run.cardsInPage} cards in the page), load average ${run.load.map((l) => l.toFixed(2)).join(' → ')}`);
    console.table(
      Object.fromEntries(
        PHASES.map((phase) => {
          const f = run.phases[phase];
          return [phase, { 'p50 fps': +f.p50Fps.toFixed(1), 'mean fps': +f.meanFps.toFixed(1), 'worst frame ms': f.worstFrameMs, frames: f.frames }];
        }),
      ),
    );
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  console.log(
    `median of ${r.runs.length} runs (${r.cards} cards, ${r.wires} wires): open ${median(r.runs.map((x) => x.openMs))} ms; ` +
      PHASES.map((p) => `${p} ${median(r.runs.map((x) => x.phases[p].p50Fps)).toFixed(1)} fps p50, worst ${median(r.runs.map((x) => x.phases[p].worstFrameMs))} ms`).join('; '),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('bench/flow-canvas — a 500-card flow on the canvas in headless Chromium, no GPU, 1280×720, frames counted with requestAnimationFrame');
  printFlowCanvasBench(
    await benchFlowCanvas({
      chains: Number(process.env.BENCH_FLOW_CANVAS_CHAINS ?? 125),
      runs: Number(process.env.BENCH_FLOW_CANVAS_RUNS ?? 3),
      runMs: Number(process.env.BENCH_FLOW_CANVAS_MS ?? 3000),
    }),
  );
}
