/**
 * bench/rpc: how much the tRPC layer costs. A trivial tRPC query (`system.ping`) against a plain
 * Fastify route returning the same JSON, on the same app, same connections and duration.
 * Known anchor: the tRPC Fastify adapter reaches only 10–20% of a bare route.
 */
import { connect } from '@tessera/db/connect';
import autocannon from 'autocannon';
import { buildApp } from '@tessera/server/app';
import { loadConfig } from '@tessera/server/config';

export interface RpcBenchResult {
  plainRps: number;
  trpcRps: number;
  ratio: number;
}

async function load(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, pipelining: 1 });
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
