/**
 * bench/health: `/api/health` latency on an app node whose in-process worker runs an engine task,
 * against the same node idle. The engine tasks are the two video kinds that work on every frame —
 * background removal (segmentation, then compositing each frame over the background) and subtitle
 * removal (text detection on sampled frames, then inpainting the captions of each frame) — on a
 * `BENCH_HEALTH_SIZE` (default 640x360) 3-s clip, with one engine thread.
 *
 * Requests are sent open loop, one every `intervalMs` (default 50) whatever the answers do, and
 * each latency counts from when it was due to be sent: the client shares the server's event loop,
 * so a stalled loop delays the sending too, and a closed loop would hide the stall (coordinated
 * omission). The event loop's own delay (monitorEventLoopDelay) over the same time is printed
 * beside it: that is the stall itself, without the queueing of requests behind it.
 *
 * `inline: true` runs the same tasks with every engine tool on the event loop (a ToolRunner that
 * calls the tools in place), for comparison: what work on the worker's main thread costs HTTP.
 */
import { execFile } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ToolRunner } from '@tessera/server/generation/engine/enginePool';
import { packageFile } from '@tessera/server/generation/engine/tf';
import { runTool } from '@tessera/server/generation/engine/tools';
import { LocalEngineProvider } from '@tessera/server/generation/providers/localEngine';
import { ffmpegPath } from '@tessera/server/media/binaries';
import { grantCredits } from '@tessera/server/modules/credits/credits.service';
import { buildTestApp, connectTestSocket, disconnectTestSockets, rpc, signInAnonymously, type TestApp, uploadFile } from '@tessera/server/test/harness';
import sharp from 'sharp';

const run$ = promisify(execFile);

export interface LatencySummary {
  requests: number;
  /** Answers other than 200 (a readiness check failing, load shedding). */
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface HealthBenchRow {
  load: string;
  /** How long the task took (accept → result), ms; absent when idle. */
  taskMs?: number;
  health: LatencySummary;
  /** Event-loop delay over the same time, ms. */
  loopDelay: { p99: number; max: number };
}

function summarise({ latencies, errors }: Probed): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { requests: sorted.length, errors, p50: round(at(50)), p99: round(at(99)), max: round(sorted.at(-1) ?? Number.NaN) };
}

interface Probed {
  latencies: number[];
  errors: number;
  loopDelay: { p99: number; max: number };
}

/** Sends GET `url` every `intervalMs` until `until` settles; latencies from each request's due time. */
async function probeWhile(url: string, intervalMs: number, until: Promise<unknown>): Promise<Probed> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; !done; k++) {
    const due = start + k * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      fetch(url).then(async (res) => {
        await res.arrayBuffer();
        latencies.push(performance.now() - due);
        if (res.status !== 200) errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  delay.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { latencies, errors, loopDelay: { p99: ms(delay.percentile(99)), max: ms(delay.max) } };
}

const inlineRunner: ToolRunner = { run: (tool, args, progress) => runTool(tool, args, progress), close: async () => {} };

/** Two 3-s clips at `width`×`height`: a person swaying in front of a busy test card, and a drifting colour field with a burnt-in caption. */
async function makeClips(dir: string, width: number, height: number): Promise<{ person: Buffer; captioned: Buffer }> {
  const photo = packageFile('@vladmandic/face-api', 'demo/sample4.jpg');
  const meta = await sharp(photo).metadata();
  const crop = await sharp(photo)
    .extract({ left: 0, top: 0, width: Math.round(meta.width * 0.32), height: meta.height })
    .resize({ height: Math.round(height * 0.9) })
    .png()
    .toBuffer();
  const person = join(dir, 'person.png');
  await sharp((await runTool('removeBackground', { image: crop }, () => {})).data).toFile(person);
  const personClip = join(dir, 'person.mp4');
  const encode = ['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  await run$(ffmpegPath(), [
    '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=24:d=3`, '-loop', '1', '-i', person, '-f', 'lavfi', '-i', 'sine=f=440:d=3',
    '-filter_complex', "[0:v][1:v]overlay=x='(W-w)/2+12*sin(2*PI*t/3)':y=H-h:shortest=1[v]",
    '-map', '[v]', '-map', '2:a', ...encode, personClip,
  ]);
  const caption = join(dir, 'caption.png');
  const fontSize = Math.round(height / 12);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width / 2}" y="${Math.round(height * 0.9)}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-width="2" text-anchor="middle">Where are we going now?</text></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(caption);
  const captionedClip = join(dir, 'captioned.mp4');
  await run$(ffmpegPath(), [
    '-v', 'error', '-f', 'lavfi', '-i', `gradients=s=${width}x${height}:r=24:d=3:speed=0.02:c0=0x3a6ea5:c1=0xc08552:c2=0x6a994e:n=3:seed=7`,
    '-f', 'lavfi', '-i', 'sine=f=330:d=3', '-loop', '1', '-i', caption,
    '-filter_complex', '[0:v][2:v]overlay=0:0:shortest=1[v]', '-map', '[v]', '-map', '1:a', ...encode, captionedClip,
  ]);
  return { person: await readFile(personClip), captioned: await readFile(captionedClip) };
}

/** Runs `path` with `input` for a fresh rich user and resolves when its result (or failure) reaches the socket. */
async function runTask(t: TestApp, path: string, clip: Buffer, input: Record<string, unknown>): Promise<void> {
  const user = await signInAnonymously(t.app);
  await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `bench:${user.id}`, amount: 10_000, note: 'bench' });
  const upload = await uploadFile(t.app, user.cookie, clip, 'clip.mp4', 'video/mp4');
  if (upload.statusCode !== 200) throw new Error(upload.body);
  const socket = await connectTestSocket(t.app, user.cookie);
  const settled = new Promise<void>((resolve, reject) => {
    socket.on('task:succeeded', () => resolve());
    socket.on('task:failed', (p) => reject(new Error(`${path}: ${p.message}`)));
  });
  const created = await rpc(t.app, user.cookie, path, { video: upload.json<{ key: string }>().key, ...input });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  await settled;
  socket.disconnect();
}

export async function benchHealth(opts: { width?: number; height?: number; intervalMs?: number; idleMs?: number; inline?: boolean } = {}): Promise<HealthBenchRow[]> {
  const { width = 640, height = 360, intervalMs = 50, idleMs = 3_000, inline = false } = opts;
  const dir = await mkdtemp(join(tmpdir(), 'tessera-bench-health-'));
  const t = await buildTestApp({
    config: { workerConcurrency: 1, engineThreads: 1 },
    ...(inline ? { providers: [new LocalEngineProvider(inlineRunner)] } : {}),
  });
  const rows: HealthBenchRow[] = [];
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}/api/health`;
    const clips = await makeClips(dir, width, height);
    const engine = inline ? 'inline, on the event loop' : 'engine thread';
    // Not counted: the first requests open the client's connection and run the route cold.
    for (let i = 0; i < 5; i++) await (await fetch(url)).arrayBuffer();
    const idle = await probeWhile(url, intervalMs, new Promise((resolve) => setTimeout(resolve, idleMs)));
    rows.push({ load: 'idle', health: summarise(idle), loopDelay: idle.loopDelay });
    for (const [load, path, clip, input] of [
      [`video background removal (${engine})`, 'videoTools.videoBackgroundRemover', clips.person, { background: { type: 'color', color: '#00b140' } }],
      [`video subtitle removal (${engine})`, 'videoTools.videoSubtitlesRemove', clips.captioned, { region: 'bottom' }],
    ] as const) {
      const started = performance.now();
      const task = runTask(t, path, clip, input);
      const probed = await probeWhile(url, intervalMs, task);
      await task;
      rows.push({ load, taskMs: Math.round(performance.now() - started), health: summarise(probed), loopDelay: probed.loopDelay });
    }
  } finally {
    disconnectTestSockets();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

export function printHealthBench(rows: HealthBenchRow[]): void {
  console.table(
    Object.fromEntries(
      rows.map((r) => [r.load, { 'task s': r.taskMs === undefined ? '' : (r.taskMs / 1000).toFixed(1), requests: r.health.requests, 'not 200': r.health.errors, 'p50 ms': r.health.p50, 'p99 ms': r.health.p99, 'max ms': r.health.max, 'loop delay p99 ms': r.loopDelay.p99, 'loop delay max ms': r.loopDelay.max }]),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [width, height] = (process.env.BENCH_HEALTH_SIZE ?? '640x360').split('x').map(Number);
  console.log(`bench/health — GET /api/health every 50 ms while one in-process worker runs a video task (${width}×${height}, 3 s, one engine thread), against idle`);
  printHealthBench(await benchHealth({ width, height }));
  if (process.env.BENCH_HEALTH_INLINE === '1') printHealthBench(await benchHealth({ width, height, inline: true }));
  process.exit(0);
}
