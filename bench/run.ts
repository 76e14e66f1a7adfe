/** `npm run bench`: runs every benchmark and prints its figures. Nothing here is asserted. */
import { benchRpc } from './rpc.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

console.log(`bench/rpc — ${connections} connections, ${duration} s per target`);
const rpc = await benchRpc({ connections, duration });
console.table({
  'plain Fastify route': { 'req/s': Math.round(rpc.plainRps) },
  'tRPC system.ping': { 'req/s': Math.round(rpc.trpcRps) },
});
console.log(`tRPC / plain ratio: ${(rpc.ratio * 100).toFixed(1)}%`);
