/**
 * bench/flows (issue 24): scheduling overhead of a 200-step flow — the time from "run" to every
 * ready step's task queued — on PostgreSQL with the real collaboration server, and the pure
 * rules' cost (plan, states, next steps) for the same graph. No workers run, so the tasks stay
 * queued and only the scheduling is timed. The flow: one prompt feeding `BENCH_FLOW_STEPS`
 * (default 200) text-to-image steps, each feeding an upscale — half the steps ready at once, the
 * other half waiting for them. The plan's parallel limit is raised so every ready step can queue.
 */
import { type FlowGraph, planRun, signatures, stepStates, nextSteps } from '@tessera/shared/flows';
import { connect as connectWire, writeFlowNode } from '@tessera/shared/flows/document';
import { grantCredits } from '@tessera/server/modules/credits/credits.service';
import { closeCollabClients, connectCollab, seedProject } from '@tessera/server/test/collabClient';
import { buildTestApp, rpc, signUpTestUser } from '@tessera/server/test/harness';
import { flowRuns, generationTasks } from '@tessera/db/schema';
import { eq, sql } from 'drizzle-orm';

export interface FlowBenchResult {
  steps: number;
  readySteps: number;
  /** flow.run answered → every ready step's task queued (ms), per run. */
  runToQueuedMs: number[];
  /** estimate RPC (plan + price) wall time (ms). */
  estimateMs: number;
  /** planRun + stepStates + nextSteps + signatures on the graph, median of 20 (ms). */
  pureMs: number;
}

function graphOf(pairs: number): FlowGraph {
  const nodes: FlowGraph['nodes'][number][] = [{ id: 'prompt', type: 'input', port: 'text', value: 'a lighthouse at dusk' }];
  const edges: FlowGraph['edges'][number][] = [];
  for (let i = 0; i < pairs; i++) {
    nodes.push({ id: `img${i}`, type: 'step', kind: 'text_to_image', settings: { aspectRatio: '1:1', seed: i } });
    nodes.push({ id: `up${i}`, type: 'step', kind: 'upscale', settings: { scale: 2, mode: 'fast' } });
    edges.push({ id: `p-img${i}`, from: 'prompt', to: `img${i}`, toPort: 'prompt' });
    edges.push({ id: `img${i}-up${i}`, from: `img${i}`, to: `up${i}`, toPort: 'image' });
  }
  return { nodes, edges };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchFlows(opts: { steps?: number; runs?: number } = {}): Promise<FlowBenchResult> {
  const steps = opts.steps ?? 200;
  const pairs = Math.floor(steps / 2);
  const graph = graphOf(pairs);

  const pure: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const plan = planRun(graph, {}, { kind: 'all' });
    stepStates(graph, {});
    signatures(graph, {});
    nextSteps(graph, plan, {}, steps);
    pure.push(performance.now() - started);
  }

  const t = await buildTestApp({ config: { workerConcurrency: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const runToQueuedMs: number[] = [];
  let estimateMs = 0;
  try {
    // Every plan may run all the ready steps at once here: only scheduling is measured.
    await t.database.db.execute(sql`UPDATE plan_catalogue SET parallel_tasks = ${steps * 4}`);
    const user = await signUpTestUser(t.app);
    await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `bench:${user.id}`, amount: 1_000_000, note: 'bench' });
    for (let run = 0; run < (opts.runs ?? 3); run++) {
      const projectId = await seedProject(t.database.db, user.id, [], `Flow bench ${run}`);
      const client = connectCollab(t.app, projectId, user.cookie);
      await client.synced;
      client.doc.transact(() => {
        for (const node of graph.nodes) writeFlowNode(client.doc, { ...node, x: 0, y: 0 } as Parameters<typeof writeFlowNode>[1]);
      });
      for (const edge of graph.edges) connectWire(client.doc, edge);
      // Let the document reach the server before pricing it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const estimateStarted = performance.now();
      const estimate = await rpc(t.app, user.cookie, 'flow.estimate', { projectId, scope: { kind: 'all' } }, 'GET');
      estimateMs = performance.now() - estimateStarted;
      const cost: number = estimate.body.result.data.cost;
      const started = performance.now();
      const res = await rpc(t.app, user.cookie, 'flow.run', { projectId, scope: { kind: 'all' }, expectedCost: cost });
      if (res.status !== 200) throw new Error(`flow.run answered ${res.status}: ${JSON.stringify(res.body)}`);
      const runId: string = res.body.result.data.runId;
      // flow.run answers after the first advance: the ready steps' tasks are queued by then.
      const [queued] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(generationTasks).where(eq(generationTasks.flowRunId, runId));
      runToQueuedMs.push(performance.now() - started);
      if (queued?.n !== pairs) throw new Error(`expected ${pairs} queued tasks, found ${queued?.n}`);
      await t.database.db.update(flowRuns).set({ status: 'canceled' }).where(eq(flowRuns.id, runId));
      closeCollabClients();
    }
  } finally {
    closeCollabClients();
    await t.close();
  }
  return { steps: graph.nodes.length - 1, readySteps: pairs, runToQueuedMs, estimateMs, pureMs: median(pure) };
}

export function printFlowBench(r: FlowBenchResult): void {
  console.table({
    [`${r.steps}-step flow: run → ${r.readySteps} ready steps queued`]: { 'ms (per run)': r.runToQueuedMs.map((ms) => Math.round(ms)).join(' / ') },
    'estimate (plan + price)': { 'ms (per run)': String(Math.round(r.estimateMs)) },
    'pure rules (plan, states, signatures, next steps)': { 'ms (per run)': r.pureMs.toFixed(2) },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) printFlowBench(await benchFlows({ steps: Number(process.env.BENCH_FLOW_STEPS ?? 200) }));
