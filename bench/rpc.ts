/**
 * bench/rpc: how much the tRPC layer costs. A trivial tRPC query (`system.ping`) against a plain
 * Fastify route returning the same JSON, on the same app, same connections and duration.
 * Known anchor: the tRPC Fastify adapter reaches only 10–20% of a bare route. The two targets
 * alternate in one-second slices.
 *
 * Then what a session costs, on PostgreSQL (a fresh test database): a signed-in `user.find`
 * against the public `system.ping` in the same run, and the statements one signed-in request
 * sends (counted on the `pg` clients), those reading the session apart. Besides req/s over
 * loopback (autocannon), each target's CPU time per request in this process (in-process
 * requests, one at a time), which a busy machine disturbs far less.
 * Alone: `node --import tsx bench/rpc.ts`.
 */
import { connect } from '@tessera/db/connect';
import autocannon from 'autocannon';
import { buildApp } from '@tessera/server/app';
import { loadConfig } from '@tessera/server/config';
import { buildTestApp, countStatements, IDENTITY_TABLES, rpc, signUpTestUser } from '@tessera/server/test/harness';

export interface RpcBenchResult {
  plainRps: number;
  trpcRps: number;
  ratio: number;
  plainCpuUs: number;
  trpcCpuUs: number;
}

async function load(url: string, connections: number, duration: number, headers?: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, pipelining: 1, ...(headers ? { headers } : {}) });
}

/**
 * req/s of two targets measured in alternating one-second slices (`duration` seconds each in
 * all), so a machine whose load drifts during the run weighs on both alike.
 */
async function alternate(a: string, b: string, connections: number, duration: number, headers?: Record<string, string>): Promise<[number, number]> {
  const totals = [0, 0];
  for (let slice = 0; slice < duration; slice++) {
    for (const [i, url] of [a, b].entries()) {
      const run = await load(url, connections, 1, headers);
      if (run.non2xx) throw new Error(`${run.non2xx} non-2xx responses from ${url}`);
      totals[i] = (totals[i] ?? 0) + run.requests.total;
    }
  }
  return [(totals[0] ?? 0) / duration, (totals[1] ?? 0) / duration];
}

/**
 * This process's CPU time per request (µs) over `count` sequential in-process requests
 * (`app.inject`, no sockets): the framework's cost, much steadier than req/s on a busy machine.
 */
async function cpuPerRequest(app: Awaited<ReturnType<typeof buildApp>>, url: string, count: number, headers?: Record<string, string>): Promise<number> {
  const send = async () => {
    const res = await app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  };
  for (let i = 0; i < count / 10; i++) await send();
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await send();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

export async function benchRpc(opts: { connections?: number; duration?: number } = {}): Promise<RpcBenchResult> {
  const connections = opts.connections ?? 10;
  const duration = opts.duration ?? 5;
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    {
      dataDir: mkdtempSync(join(tmpdir(), 'tessera-bench-')),
      rateLimitMax: 1_000_000_000,
      authSecret: 'bench-secret-bench-secret-bench-secret-00',
    },
  );
  const database = await connect({ inMemory: true });
  const app = await buildApp({ config, database });
  app.get('/bench/plain', async () => ({ result: { data: { ok: true } } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  try {
    await load(`${base}/bench/plain`, connections, 1); // warm-up
    await load(`${base}/api/trpc/system.ping`, connections, 1);
    const [plainRps, trpcRps] = await alternate(`${base}/bench/plain`, `${base}/api/trpc/system.ping`, connections, duration);
    const plainCpuUs = await cpuPerRequest(app, '/bench/plain', 3000);
    const trpcCpuUs = await cpuPerRequest(app, '/api/trpc/system.ping', 3000);
    return { plainRps, trpcRps, ratio: trpcRps / plainRps, plainCpuUs, trpcCpuUs };
  } finally {
    await app.close();
    await database.close();
  }
}

export interface SessionBenchResult {
  publicRps: number;
  authedRps: number;
  publicCpuUs: number;
  authedCpuUs: number;
  /** Statements per signed-in `user.find`, and per `user.session` on the identity tables (the session lookup alone). */
  statementsPerRequest: number;
  sessionStatementsPerRequest: number;
}

export async function benchSession(opts: { connections?: number; duration?: number; samples?: number } = {}): Promise<SessionBenchResult> {
  const connections = opts.connections ?? 10;
  const duration = opts.duration ?? 5;
  const samples = opts.samples ?? 50;
  const t = await buildTestApp({ config: { rateLimitMax: 1_000_000_000 } });
  try {
    const user = await signUpTestUser(t.app);
    // user.find reads the user itself; user.session answers from the session alone.
    const counted = async (path: string) =>
      (
        await countStatements(t.config.databaseUrl as string, async () => {
          for (let i = 0; i < samples; i++) {
            const res = await rpc(t.app, user.cookie, path, undefined, 'GET');
            if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          }
        })
      ).statements;
    const find = await counted('user.find');
    const session = await counted('user.session');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/trpc`;
    const headers = { cookie: user.cookie };
    await load(`${base}/user.find`, connections, 1, headers); // warm-up
    const [publicRps, authedRps] = await alternate(`${base}/system.ping`, `${base}/user.find`, connections, duration, headers);
    return {
      publicRps,
      authedRps,
      publicCpuUs: await cpuPerRequest(t.app, '/api/trpc/system.ping', 3000, headers),
      authedCpuUs: await cpuPerRequest(t.app, '/api/trpc/user.find', 1000, headers),
      statementsPerRequest: find.length / samples,
      sessionStatementsPerRequest: session.filter((text) => IDENTITY_TABLES.test(text)).length / samples,
    };
  } finally {
    await t.close();
  }
}

export function printRpcBench(rpcResult: RpcBenchResult, session: SessionBenchResult): void {
  console.table({
    'plain Fastify route': { 'req/s': Math.round(rpcResult.plainRps), 'CPU µs/request': Math.round(rpcResult.plainCpuUs) },
    'tRPC system.ping': { 'req/s': Math.round(rpcResult.trpcRps), 'CPU µs/request': Math.round(rpcResult.trpcCpuUs) },
  });
  console.log(`tRPC / plain ratio: ${(rpcResult.ratio * 100).toFixed(1)}% (by CPU per request: ${((rpcResult.plainCpuUs / rpcResult.trpcCpuUs) * 100).toFixed(1)}%)`);
  console.log('bench/rpc — signed-in user.find against public system.ping, PostgreSQL');
  console.table({
    'public system.ping': { 'req/s': Math.round(session.publicRps), 'CPU µs/request': Math.round(session.publicCpuUs) },
    'signed-in user.find': { 'req/s': Math.round(session.authedRps), 'CPU µs/request': Math.round(session.authedCpuUs) },
  });
  console.log(
    `statements per signed-in user.find: ${session.statementsPerRequest.toFixed(2)}, of which the session lookup: ${session.sessionStatementsPerRequest.toFixed(2)}; signed-in / public: ${((session.authedRps / session.publicRps) * 100).toFixed(1)}%`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  console.log(`bench/rpc — ${connections} connections, ${duration} s per target`);
  const rpcResult = await benchRpc({ connections, duration });
  printRpcBench(rpcResult, await benchSession({ connections, duration }));
}
