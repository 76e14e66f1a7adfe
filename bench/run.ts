/**
 * `npm run bench`: runs every benchmark and prints its figures. Nothing here is asserted.
 * `npm run bench -- ledger latency` runs only the named ones (the names below).
 */
import { benchCanvas, printCanvasBench } from './canvas.ts';
import { benchCollab } from './collab.ts';
import { benchEffects } from './effects.ts';
import { benchEngine, benchEsrgan } from './engine.ts';
import { benchFlowCanvas, printFlowCanvasBench } from './flow-canvas.ts';
import { benchFlows, printFlowBench } from './flows.ts';
import { benchHealth, printHealthBench } from './health.ts';
import { benchLatency } from './latency.ts';
import { benchLedger } from './ledger.ts';
import { benchQueries, printQueryBench } from './queries.ts';
import { benchRpc, benchSession, printRpcBench } from './rpc.ts';
import { benchStartup, printStartupBench } from './startup.ts';
import { benchTrim, benchVideoKinds, printKindTimings, printTrimBench } from './video.ts';
import { benchWire, printWireBench } from './wire.ts';

const NAMES = ['rpc', 'ledger', 'latency', 'health', 'engine', 'effects', 'canvas', 'wire', 'video', 'collab', 'queries', 'startup', 'flows', 'flow-canvas'];
const only = process.argv.slice(2);
const unknown = only.filter((name) => !NAMES.includes(name));
if (unknown.length) throw new Error(`unknown benchmark(s): ${unknown.join(', ')} (one of ${NAMES.join(', ')})`);
const wanted = (name: string) => only.length === 0 || only.includes(name);

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (wanted('rpc')) {
  console.log(`bench/rpc — ${connections} connections, ${duration} s per target`);
  printRpcBench(await benchRpc({ connections, duration }), await benchSession({ connections, duration }));
}

if (wanted('ledger')) {
  const workers = Number(process.env.BENCH_LEDGER_WORKERS ?? 10);
  console.log(`bench/ledger — ${workers} workers, ${duration} s per target, PostgreSQL`);
  const ledger = await benchLedger({ workers, duration });
  console.table({
    'ledger holdCredits, one user': { 'ops/s': Math.round(ledger.ledgerHoldsPerSec) },
    'raw conditional UPDATE, one row': { 'ops/s': Math.round(ledger.rawUpdatesPerSec) },
    'ledger holdCredits, 50 users': { 'ops/s': Math.round(ledger.spreadHoldsPerSec) },
  });
  console.log(`ledger / raw ratio (one user): ${(ledger.ratio * 100).toFixed(1)}%`);
  console.table(Object.fromEntries(ledger.byGrants.map((g) => [`${g.grants} live grant(s)`, { 'hold p50 ms': g.holdP50Ms, 'capture p50 ms': g.captureP50Ms }])));
}

if (wanted('latency')) {
  const latencyTasks = Number(process.env.BENCH_LATENCY_TASKS ?? 200);
  for (const users of [1, 10]) {
    for (const mode of ['in-process', 'process'] as const) {
      const workers = mode === 'in-process' ? '2 in-process workers' : 'a separate `npm run worker` process with 2 workers (woken by NOTIFY, events through the relay)';
      console.log(`bench/latency — ${latencyTasks} small local tasks (2× fast upscale of 256 px), ${users} user(s) submitting one at a time, PostgreSQL, ${workers}`);
      const latency = await benchLatency({ tasks: latencyTasks, users, mode });
      console.table({
        'accept → first progress': { 'p50 ms': latency.firstProgressMs.p50, 'p99 ms': latency.firstProgressMs.p99 },
        'accept → result': { 'p50 ms': latency.resultMs.p50, 'p99 ms': latency.resultMs.p99 },
      });
    }
  }
}

if (wanted('health')) {
  console.log('bench/health — GET /api/health every 50 ms while one in-process worker runs a video task (640×360, 3 s, one engine thread), against idle');
  printHealthBench(await benchHealth());
}

if (wanted('engine')) {
  console.log('bench/engine — local engine tools on a 1024-px photo, inline (cold = first run, models loading)');
  const engine = await benchEngine({ quality: process.env.BENCH_ENGINE_QUALITY !== '0' });
  console.table(Object.fromEntries(engine.map((e) => [e.tool, { 'cold ms': e.coldMs, 'warm ms': e.warmMs, output: e.output }])));
  if (process.env.BENCH_ENGINE_QUALITY !== '0') {
    const esrgan = await benchEsrgan({ baselineRuns: process.env.BENCH_ESRGAN_BASELINE === '0' ? 0 : 1 });
    console.log(`bench/engine — ESRGAN 2× quality upscale of ${esrgan.input}, warm, inline; load average ${esrgan.load.map((l) => l.toFixed(1)).join(' → ')}`);
    const median = [...esrgan.onnxMs].sort((a, b) => a - b)[Math.floor(esrgan.onnxMs.length / 2)]!;
    console.table({
      'onnxruntime-node (now)': { 'runs ms': esrgan.onnxMs.join(', '), 'median ms': median, 'time vs now': '×1' },
      ...(esrgan.tfjsMs.length ? { 'tfjs WASM, 1 thread (before)': { 'runs ms': esrgan.tfjsMs.join(', '), 'median ms': esrgan.tfjsMs[0], 'time vs now': `×${(esrgan.tfjsMs[0]! / median).toFixed(1)}` } } : {}),
    });
    console.log(`ESRGAN goal ≤ 5000 ms: ${median <= 5000 ? 'met' : 'missed'} (median ${median} ms)`);
  }
}

if (wanted('effects')) {
  console.log('bench/effects — every catalogue recipe on a 720-px portrait, inline (video effects: 4-s clips through ffmpeg)');
  const effects = await benchEffects();
  console.table(effects.map((e) => ({ kind: e.kind, recipe: e.recipe, ms: e.ms, output: e.output })));
}

if (wanted('canvas')) {
  console.log('bench/canvas — the canvas engine in headless Chromium (no GPU, 1280×720): open, pan and zoom fps with 1,000 / 5,000 / 10,000 image nodes');
  printCanvasBench(await benchCanvas());
}

if (wanted('wire')) {
  console.log('bench/wire — a cold guest visit to /home in headless Chromium: every response until the network is quiet, on the wire (brotli/gzip copies served) and uncompressed (baseline), and the gzipped JavaScript against the 150 KB goal');
  printWireBench(await benchWire());
}

if (wanted('video')) {
  console.log('bench/video — ffmpeg.wasm in headless Chromium: core load (cold, warm) and trimming a 30 s 640×360 clip to 5 s by stream copy and by re-encode');
  printTrimBench(await benchTrim());
  console.log('bench/video — local engine render time per video kind, inline, one engine thread');
  printKindTimings(await benchVideoKinds());
}

if (wanted('collab')) {
  const collabMoves = Number(process.env.BENCH_COLLAB_MOVES ?? 300);
  console.log(`bench/collab — ${collabMoves} moves of one node by A, each until B's document shows it (two HocuspocusProviders over WebSockets, PostgreSQL)`);
  const collab = await benchCollab({ moves: collabMoves });
  console.table({ 'move reaches collaborator': { 'p50 ms': collab.latencyMs.p50, 'p99 ms': collab.latencyMs.p99, 'max ms': collab.latencyMs.max } });
}

if (wanted('queries')) {
  const queryRows = Number(process.env.BENCH_QUERY_ROWS ?? 1_000_000);
  console.log(`bench/queries — list, feed, search and admin queries on ${queryRows.toLocaleString('en')} tasks and creations (p50 of the repo call; EXPLAIN ANALYZE now and of the old SQL shape), PostgreSQL`);
  printQueryBench(await benchQueries({ rows: queryRows, runs: Number(process.env.BENCH_QUERY_RUNS ?? 20) }));
}

if (wanted('startup')) {
  const startupRuns = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
  console.log(`bench/startup — process start → GET /api/health 200, compiled (server/dist) vs the sources through tsx, ${startupRuns} starts each, PostgreSQL (migrated), no engine models`);
  printStartupBench(await benchStartup({ runs: startupRuns }));
}

if (wanted('flows')) {
  const flowSteps = Number(process.env.BENCH_FLOW_STEPS ?? 200);
  console.log(`bench/flows — a ${flowSteps}-step flow (one prompt → ${flowSteps / 2} images → ${flowSteps / 2} upscales): flow.run → every ready step queued, 3 runs, PostgreSQL and the collaboration server, no workers`);
  printFlowBench(await benchFlows({ steps: flowSteps }));
}

if (wanted('flow-canvas')) {
  console.log('bench/flow-canvas — a 500-card flow (125 prompt → text to image → image to image → image to video chains, 500 wires) on /app/canvas in headless Chromium, no GPU, 1280×720: open, then idle / pan / zoom / card-drag / whole-flow pan fps over 3 s each, 3 runs, PostgreSQL');
  printFlowCanvasBench(await benchFlowCanvas({ runs: Number(process.env.BENCH_FLOW_CANVAS_RUNS ?? 3) }));
}
