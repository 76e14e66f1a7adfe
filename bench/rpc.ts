/**
 * bench/rpc: how much the tRPC layer costs. A trivial tRPC query (`system.ping`) against a plain
 * Fastify route returning the same JSON, on the same app, same connections and duration.
 * Known anchor: the tRPC Fastify adapter reaches only 10–20% of a bare route.
 *
 * Then what a session costs, on PostgreSQL (a fresh test database): a signed-in `user.find`
 * against the public `system.ping` in the same run, and the statements one signed-in request
 * sends (counted on the `pg` clients), those reading the session apart.
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
}

async function load(url: string, connections: number, duration: number, headers?: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, pipelining: 1, ...(headers ? { headers } : {}) });
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
    const plain = await load(`${base}/bench/plain`, connections, duration);
    const trpc = await load(`${base}/api/trpc/system.ping`, connections, duration);
    if (plain.non2xx || trpc.non2xx) throw new Error(`non-2xx responses: plain ${plain.non2xx}, trpc ${trpc.non2xx}`);
    const plainRps = plain.requests.average;
    const trpcRps = trpc.requests.average;
    return { plainRps, trpcRps, ratio: trpcRps / plainRps };
  } finally {
    await app.close();
    await database.close();
  }
}

export interface SessionBenchResult {
  publicRps: number;
  authedRps: number;
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
    const publicRun = await load(`${base}/system.ping`, connections, duration, headers);
    const authedRun = await load(`${base}/user.find`, connections, duration, headers);
    if (publicRun.non2xx || authedRun.non2xx) throw new Error(`non-2xx responses: public ${publicRun.non2xx}, signed-in ${authedRun.non2xx}`);
    return {
      publicRps: publicRun.requests.average,
      authedRps: authedRun.requests.average,
      statementsPerRequest: find.length / samples,
      sessionStatementsPerRequest: session.filter((text) => IDENTITY_TABLES.test(text)).length / samples,
    };
  } finally {
    await t.close();
  }
}

export function printRpcBench(rpcResult: RpcBenchResult, session: SessionBenchResult): void {
  console.table({
    'plain Fastify route': { 'req/s': Math.round(rpcResult.plainRps) },
    'tRPC system.ping': { 'req/s': Math.round(rpcResult.trpcRps) },
  });
  console.log(`tRPC / plain ratio: ${(rpcResult.ratio * 100).toFixed(1)}%`);
  console.log('bench/rpc — signed-in user.find against public system.ping, PostgreSQL');
  console.table({
    'public system.ping': { 'req/s': Math.round(session.publicRps) },
    'signed-in user.find': { 'req/s': Math.round(session.authedRps) },
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
