/**
 * bench/collab: how long a move takes to reach a collaborator. Two people on one project, each
 * with a HocuspocusProvider over a real WebSocket to the app (PostgreSQL, stores debounced as in
 * production); A moves a node N times, one move at a time, and the time until B's document shows
 * the new position is recorded. Nothing is asserted; the figures are printed by `npm run bench`.
 */
import { nodesOf, updateNode, writeNode } from '@tessera/shared/canvas';
import type * as Y from 'yjs';
import { closeCollabClients, connectCollab, seedProject } from '@tessera/server/test/collabClient';
import { buildTestApp, signInAnonymously } from '@tessera/server/test/harness';

export interface CollabBenchResult {
  moves: number;
  latencyMs: { p50: number; p99: number; max: number };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function benchCollab(opts: { moves?: number } = {}): Promise<CollabBenchResult> {
  const moves = opts.moves ?? 300;
  const t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const a = await signInAnonymously(t.app);
    const b = await signInAnonymously(t.app);
    const projectId = await seedProject(t.database.db, a.id, [{ userId: b.id, role: 'editor' }]);
    const ava = connectCollab(t.app, projectId, a.cookie);
    const ben = connectCollab(t.app, projectId, b.cookie);
    await Promise.all([ava.synced, ben.synced]);
    writeNode(ava.doc, { id: 'n1', type: 'shape', shape: 'rect', x: 0, y: 0, width: 100, height: 100, rotation: 0, z: 1, parentId: null, locked: false, fill: '#93c5fd', stroke: '#1d4ed8', strokeWidth: 2 });
    await waitFor(ben.doc, 0);

    const latencies: number[] = [];
    for (let i = 1; i <= moves; i++) {
      const started = performance.now();
      updateNode(ava.doc, 'n1', { x: i });
      await waitFor(ben.doc, i);
      latencies.push(performance.now() - started);
    }
    latencies.sort((x, y) => x - y);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return { moves, latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? Number.NaN) } };
  } finally {
    closeCollabClients();
    await t.close();
  }
}

/** Resolves when the node's x in `doc` equals `x` (listening to the document, not polling). */
function waitFor(doc: Y.Doc, x: number): Promise<void> {
  const current = () => nodesOf(doc).get('n1')?.get('x');
  if (current() === x) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`move to ${x} never arrived`)), 10_000);
    const check = () => {
      if (current() !== x) return;
      clearTimeout(timeout);
      doc.off('afterTransaction', check);
      resolve();
    };
    doc.on('afterTransaction', check);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchCollab({ moves: Number(process.env.BENCH_COLLAB_MOVES ?? 300) });
  console.log(`bench/collab — ${result.moves} moves, A → server → B`);
  console.table({ 'move reaches collaborator': { 'p50 ms': result.latencyMs.p50, 'p99 ms': result.latencyMs.p99, 'max ms': result.latencyMs.max } });
}
