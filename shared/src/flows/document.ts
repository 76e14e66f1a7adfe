/**
 * Flows in the project document (issue 24): the same Yjs document as the canvas, so co-editing,
 * persistence and scale-out already apply. Three top-level maps next to the canvas's `nodes`:
 *
 *  - `flowNodes`: id → Y.Map of a step or input node's fields (position, kind, settings …), so two
 *    people changing different fields of one step both keep their change;
 *  - `flowEdges`: id → `{ from, to, toPort }` (plain JSON, replaced as a whole);
 *  - `flowRuns`: step id → what its last run left (StepRecord: status, signature, outputs, task ids),
 *    written by the server that runs the flow, read by everyone's canvas.
 *
 * Edits go through these functions, which keep the graph valid: an edge is only added when its
 * types match and it closes no cycle; removing a node removes its edges and its run record.
 */
import * as Y from 'yjs';
import { z } from 'zod';
import { isGenerationKind, type GenerationKind, parseImageRef, parseVideoRef } from '../generation/generation.ts';
import { edgeIssue, type FlowEdge, type FlowGraph, type FlowIssueCode, type FlowNode, PORT_TYPES, validateFlow } from './graph.ts';

export const FLOW_NODES = 'flowNodes';
export const FLOW_EDGES = 'flowEdges';
export const FLOW_RUNS = 'flowRuns';

const zPosition = { x: z.number().finite(), y: z.number().finite() };

export const zFlowStepNode = z.object({
  id: z.string().min(1),
  type: z.literal('step'),
  kind: z.custom<GenerationKind>((v) => typeof v === 'string' && isGenerationKind(v), 'Unknown kind'),
  settings: z.record(z.string(), z.unknown()).default({}),
  variations: z
    .object({ seeds: z.number().int().min(1).max(16).optional(), prompts: z.array(z.string().max(2000)).max(16).optional() })
    .optional(),
  /** A model from the catalogue; the kind's default when absent. */
  model: z.string().max(128).optional(),
  name: z.string().max(200).optional(),
  ...zPosition,
});

export const zFlowInputNode = z.object({
  id: z.string().min(1),
  type: z.literal('input'),
  port: z.enum(PORT_TYPES),
  value: z.string().max(10_000).nullable().default(null),
  name: z.string().max(200).optional(),
  ...zPosition,
});

export const zFlowNode = z.discriminatedUnion('type', [zFlowStepNode, zFlowInputNode]);
export type FlowDocNode = z.infer<typeof zFlowNode>;

export const zFlowEdge = z.object({ id: z.string().min(1), from: z.string().min(1), to: z.string().min(1), toPort: z.string().min(1).max(64) });

export const zStepRun = z.object({
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  signature: z.string(),
  /** Media keys of the results, in job order (a failed job leaves none). */
  outputs: z.array(z.string()).default([]),
  /** The tasks of this run (one per job), for progress and cancel. */
  taskIds: z.array(z.string()).default([]),
  /** How many results this run of the step makes (its jobs); taskIds grow to it as slots free up. */
  jobs: z.number().int().min(0).optional(),
  /** Those of taskIds that have finished (the step is done when all have). */
  settled: z.array(z.string()).default([]),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The run this belongs to (a "run flow" click), and who started it. */
  runId: z.string().optional(),
  startedBy: z.object({ id: z.string(), name: z.string() }).optional(),
  updatedAt: z.string(),
});
export type StepRun = z.infer<typeof zStepRun>;

export const flowNodesOf = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(FLOW_NODES);
export const flowEdgesOf = (doc: Y.Doc) => doc.getMap<unknown>(FLOW_EDGES);
export const flowRunsOf = (doc: Y.Doc) => doc.getMap<unknown>(FLOW_RUNS);

/** The flow as a graph (invalid entries are skipped, never thrown on), with each node's position. */
export function readFlow(doc: Y.Doc): FlowGraph & { nodes: FlowDocNode[] } {
  const nodes: FlowDocNode[] = [];
  flowNodesOf(doc).forEach((map) => {
    const parsed = zFlowNode.safeParse(map.toJSON());
    if (parsed.success) nodes.push(parsed.data);
  });
  nodes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids = new Set(nodes.map((n) => n.id));
  const edges: FlowEdge[] = [];
  flowEdgesOf(doc).forEach((value) => {
    const parsed = zFlowEdge.safeParse(value);
    if (parsed.success && ids.has(parsed.data.from) && ids.has(parsed.data.to)) edges.push(parsed.data);
  });
  edges.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { nodes, edges };
}

/** Each step's last run (a StepRecord, as the graph rules read it, plus task ids and error). */
export function readRuns(doc: Y.Doc): Record<string, StepRun> {
  const out: Record<string, StepRun> = {};
  flowRunsOf(doc).forEach((value, id) => {
    const parsed = zStepRun.safeParse(value);
    if (parsed.success) out[id] = parsed.data;
  });
  return out;
}

/** Adds a step or an input node (or replaces one with the same id). */
export function writeFlowNode(doc: Y.Doc, node: FlowDocNode): void {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(node)) if (value !== undefined) map.set(key, value);
  flowNodesOf(doc).set(node.id, map);
}

/** Changes fields of a flow node (`undefined` deletes one); false when the node is gone. */
export function updateFlowNode(doc: Y.Doc, id: string, patch: Record<string, unknown>): boolean {
  const map = flowNodesOf(doc).get(id);
  if (!map) return false;
  doc.transact(() => {
    for (const [key, value] of Object.entries(patch)) {
      if (key === 'id' || key === 'type') continue;
      if (value === undefined) map.delete(key);
      else map.set(key, value);
    }
  });
  return true;
}

/** Removes a node with its edges and run record, in one step. */
export function removeFlowNode(doc: Y.Doc, id: string): void {
  doc.transact(() => {
    flowNodesOf(doc).delete(id);
    flowRunsOf(doc).delete(id);
    const edges = flowEdgesOf(doc);
    for (const [edgeId, value] of [...edges.entries()]) {
      const edge = zFlowEdge.safeParse(value);
      if (!edge.success || edge.data.from === id || edge.data.to === id) edges.delete(edgeId);
    }
  });
}

/**
 * Connects an output to a step's input port. Refuses (returns the reason, changes nothing) an
 * edge whose types do not match, an unknown port, or one that would close a cycle; an edge into
 * a port that already has one replaces it (dropping a wire on a port rewires it).
 */
export function connect(doc: Y.Doc, edge: FlowEdge): FlowIssueCode | null {
  const graph = readFlow(doc);
  const problem = edgeIssue(graph, edge);
  if (problem) return problem;
  const others = graph.edges.filter((e) => !(e.to === edge.to && e.toPort === edge.toPort));
  if (validateFlow({ nodes: graph.nodes, edges: [...others, edge] }).some((issue) => issue.code === 'cycle')) return 'cycle';
  doc.transact(() => {
    const edges = flowEdgesOf(doc);
    for (const e of graph.edges) if (e.to === edge.to && e.toPort === edge.toPort) edges.delete(e.id);
    edges.set(edge.id, { id: edge.id, from: edge.from, to: edge.to, toPort: edge.toPort });
  });
  return null;
}

export function disconnect(doc: Y.Doc, edgeId: string): void {
  flowEdgesOf(doc).delete(edgeId);
}

/** Writes a step's run record (the server, as the run goes). */
export function writeStepRun(doc: Y.Doc, stepId: string, run: z.input<typeof zStepRun>): void {
  flowRunsOf(doc).set(stepId, zStepRun.parse(run));
}

/**
 * Turns a generated canvas node's lineage into a step: its kind and its parameters become the
 * step's settings (minus what ports will supply), placed where the node is.
 */
export function stepFromLineage(p: { id: string; kind: string; params: Record<string, unknown>; x: number; y: number; name?: string }): FlowDocNode | null {
  if (!isGenerationKind(p.kind)) return null;
  const { projectId: _project, ...settings } = p.params;
  return { id: p.id, type: 'step', kind: p.kind, settings, x: p.x, y: p.y, ...(p.name ? { name: p.name } : {}) };
}

/** The graph rules' view of a document node. */
export function asGraphNode(node: FlowDocNode): FlowNode {
  return node.type === 'step'
    ? { id: node.id, type: 'step', kind: node.kind, settings: node.settings, ...(node.variations ? { variations: node.variations } : {}) }
    : { id: node.id, type: 'input', port: node.port, value: node.value };
}

export const zRunScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('step'), stepId: z.string().min(1).max(128) }),
  z.object({ kind: z.literal('downstream'), stepId: z.string().min(1).max(128) }),
]);
const zProjectRef = z.string().min(1).max(128);
export const zFlowEstimateInput = z.object({ projectId: zProjectRef, scope: zRunScope });
/** `expectedCost`: the price the person confirmed; a run whose price changed meanwhile is refused. */
export const zFlowRunInput = zFlowEstimateInput.extend({ expectedCost: z.number().int().nonnegative() });
export const zFlowCancelInput = z.object({ projectId: zProjectRef, runId: z.uuid() });

/** What a run would do and cost, shown before it starts. */
export interface FlowEstimate {
  run: string[];
  reuse: string[];
  /** Per step to run: its kind, the model it runs on, how many results it makes and their price. */
  steps: { stepId: string; kind: string; model: string; jobs: number; cost: number }[];
  cost: number;
  /** Problems that stop the run (empty when it can start). */
  issues: { code: string; id: string; message: string }[];
}

/**
 * The stored media a flow shows: its image and video input nodes and every step's results. The
 * project's media list (and so what collaborators may feed into a step) includes them, as it
 * includes what the canvas and timeline show.
 */
export function flowMediaKeys(doc: Y.Doc): string[] {
  const keys = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== 'string') return;
    const ref = parseImageRef(value) ?? parseVideoRef(value);
    if (ref?.kind === 'key') keys.add(ref.key);
  };
  for (const node of flowNodesOf(doc).values()) {
    if (node instanceof Y.Map && node.get('type') === 'input' && node.get('port') !== 'text') add(node.get('value'));
  }
  for (const run of flowRunsOf(doc).values()) {
    const outputs = run && typeof run === 'object' ? (run as { outputs?: unknown }).outputs : undefined;
    if (Array.isArray(outputs)) for (const key of outputs) add(key);
  }
  return [...keys];
}
