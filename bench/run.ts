/** `npm run bench`: runs every benchmark and prints its figures. Nothing here is asserted. */
import { benchLedger } from './ledger.ts';
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

const workers = Number(process.env.BENCH_LEDGER_WORKERS ?? 10);
console.log(`bench/ledger — ${workers} workers, ${duration} s per target, PostgreSQL`);
const ledger = await benchLedger({ workers, duration });
console.table({
  'ledger holdCredits, one user': { 'ops/s': Math.round(ledger.ledgerHoldsPerSec) },
  'raw conditional UPDATE, one row': { 'ops/s': Math.round(ledger.rawUpdatesPerSec) },
  'ledger holdCredits, 50 users': { 'ops/s': Math.round(ledger.spreadHoldsPerSec) },
});
console.log(`ledger / raw ratio (one user): ${(ledger.ratio * 100).toFixed(1)}%`);
