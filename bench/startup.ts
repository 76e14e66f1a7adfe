/**
 * bench/startup: process start → first `GET /api/health` 200, for the compiled server
 * (`node server/dist/main.js`, what production runs) against the sources through tsx (what
 * production ran before), on PostgreSQL with a migrated database and no engine models loaded
 * (WORKER_CONCURRENCY=0, the web role; models load lazily in engine threads anyway).
 * Builds server/dist first when it is missing. Run alone: `node --import tsx bench/startup.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePort } from '@tessera/server/test/harness';

const ROOT = new URL('../', import.meta.url).pathname;
const TIMEOUT_MS = 60_000;

export interface StartupFigures {
  mode: 'compiled' | 'tsx';
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** CPU time (user + system) the process used until ready: steadier than wall time on a shared machine. */
  medianCpuMs: number;
}

/** The process's CPU time so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Starts one server process; the wall and CPU milliseconds until /api/health answers 200. Stops it. */
async function timeOneStart(args: string[], databaseUrl: string): Promise<{ wallMs: number; cpuMs: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-startup-bench-'));
  const started = performance.now();
  // BENCH_NODE: another Node binary (e.g. Node 24) to start the server with.
  const child = spawn(process.env.BENCH_NODE ?? process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'startup-bench-secret-0123456789abcdef',
      REDIS_URL: '',
      SMTP_URL: '',
      MEDIA_STORE: 'local',
      ENGINE_MEDIA_PROFILE: 'product',
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '0',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${stderr.slice(0, 2000)}`))));
  exited.catch(() => {});
  try {
    for (;;) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not ready after ${TIMEOUT_MS} ms: ${stderr.slice(0, 2000)}`);
      const ok = await Promise.race([
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        ),
        exited,
      ]);
      if (ok) return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid ?? 0) };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (child.exitCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup(opts: { runs?: number } = {}): Promise<StartupFigures[]> {
  const runs = opts.runs ?? 3;
  if (!existsSync(join(ROOT, 'server/dist/main.js'))) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build:server failed');
  }
  const database = await createTestDatabase();
  try {
    const modes = { compiled: ['--enable-source-maps', 'server/dist/main.js'], tsx: ['--import', 'tsx', 'server/src/main.ts'] } as const;
    const figures: StartupFigures[] = [];
    for (const [mode, args] of Object.entries(modes) as [StartupFigures['mode'], readonly string[]][]) {
      const times: { wallMs: number; cpuMs: number }[] = [];
      for (let i = 0; i < runs; i++) times.push(await timeOneStart([...args], database.url));
      const sorted = times.map((t) => t.wallMs).sort((a, b) => a - b);
      const cpu = times.map((t) => t.cpuMs).sort((a, b) => a - b);
      const median = (values: number[]) => Math.round(values[Math.floor(runs / 2)] ?? 0);
      figures.push({ mode, runs, medianMs: median(sorted), minMs: Math.round(sorted[0] ?? 0), maxMs: Math.round(sorted.at(-1) ?? 0), medianCpuMs: median(cpu) });
    }
    return figures;
  } finally {
    await database.drop();
  }
}

export function printStartupBench(figures: StartupFigures[]): void {
  console.table(Object.fromEntries(figures.map((f) => [f.mode === 'compiled' ? 'node server/dist/main.js' : 'node --import tsx server/src/main.ts', { runs: f.runs, 'median ms': f.medianMs, 'min ms': f.minMs, 'max ms': f.maxMs, 'median CPU ms': f.medianCpuMs }])));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printStartupBench(await benchStartup({ runs: Number(process.env.BENCH_STARTUP_RUNS ?? 3) }));
}
