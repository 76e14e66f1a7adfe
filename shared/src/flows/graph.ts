/**
 * Flows on the canvas (issue 24): the pure rules of a generation graph — which ports a step has,
 * which edges are allowed, the order steps run in, what a change makes stale, and which steps a
 * run starts, re-uses or blocks. No Yjs, no React, no I/O: the studio draws and edits flows with
 * these rules, and the server runs them with the same ones.
 *
 * A flow is steps (one creation kind each, with its settings), input nodes (a prompt text or an
 * uploaded/generated image or video) and typed edges from an output to one input port of a step.
 * An image output can feed an image port, not a prompt.
 */
import { GENERATION_KINDS, type GenerationKind, isGenerationKind } from '../generation/generation.ts';

export const PORT_TYPES = ['text', 'image', 'video'] as const;
export type PortType = (typeof PORT_TYPES)[number];

/** A step's settings are the kind's input minus what its connected ports supply. */
export interface FlowStep {
  id: string;
  type: 'step';
  kind: GenerationKind;
  settings: Record<string, unknown>;
  /** Fan-out: the step runs once per seed (`seeds` runs) or once per prompt in `prompts`. */
  variations?: { seeds?: number; prompts?: string[] };
}

export interface FlowInput {
  id: string;
  type: 'input';
  port: PortType;
  /** The text, or the media key / URL of the image or video; null until filled in. */
  value: string | null;
}

export type FlowNode = FlowStep | FlowInput;

/** An output of `from` feeding the input port `toPort` (a field path of the kind's input) of step `to`. */
export interface FlowEdge {
  id: string;
  from: string;
  to: string;
  toPort: string;
}

export interface FlowGraph {
  nodes: readonly FlowNode[];
  edges: readonly FlowEdge[];
}

export interface Port {
  name: string;
  type: PortType;
}

/** Input fields taken as a text port when the kind's input has them. */
const TEXT_PORTS = ['prompt', 'text'] as const;
/** Most steps one run may start for one step (variations × upstream outputs). */
export const MAX_JOBS_PER_STEP = 16;

function inputKeys(kind: GenerationKind): string[] {
  const schema = GENERATION_KINDS[kind].input as unknown as { shape?: Record<string, unknown> };
  return schema.shape ? Object.keys(schema.shape) : [];
}

/** The input ports of a kind: its image and video fields, and its prompt or text. */
export function inputPortsOf(kind: GenerationKind): Port[] {
  const definition: { imageFields: readonly string[]; videoFields?: readonly string[] } = GENERATION_KINDS[kind];
  const keys = inputKeys(kind);
  return [
    ...TEXT_PORTS.filter((name) => keys.includes(name)).map((name) => ({ name, type: 'text' as const })),
    ...definition.imageFields.map((name) => ({ name, type: 'image' as const })),
    ...(definition.videoFields ?? []).map((name) => ({ name, type: 'video' as const })),
  ];
}

/** What a node produces: a step its kind's output (sounds are delivered on video), an input its own type. */
export function outputTypeOf(node: FlowNode): PortType {
  if (node.type === 'input') return node.port;
  const output = GENERATION_KINDS[node.kind].output;
  return output === 'image' ? 'image' : 'video';
}

export type FlowIssueCode = 'duplicate_id' | 'unknown_kind' | 'dangling_edge' | 'unknown_port' | 'type_mismatch' | 'port_taken' | 'cycle' | 'too_many_jobs';

export interface FlowIssue {
  code: FlowIssueCode;
  /** The node or edge concerned. */
  id: string;
  message: string;
}

function byId(graph: FlowGraph): Map<string, FlowNode> {
  return new Map(graph.nodes.map((node) => [node.id, node]));
}

/** Whether an edge from `from` into `to`'s port `toPort` is allowed on its own (types, ports). */
export function edgeIssue(graph: FlowGraph, edge: Omit<FlowEdge, 'id'>): FlowIssueCode | null {
  const nodes = byId(graph);
  const from = nodes.get(edge.from);
  const to = nodes.get(edge.to);
  if (!from || !to) return 'dangling_edge';
  if (to.type !== 'step') return 'unknown_port';
  if (!isGenerationKind(to.kind)) return 'unknown_kind';
  if (from.type === 'step' && !isGenerationKind(from.kind)) return 'unknown_kind';
  const port = inputPortsOf(to.kind).find((p) => p.name === edge.toPort);
  if (!port) return 'unknown_port';
  return port.type === outputTypeOf(from) ? null : 'type_mismatch';
}

/** Every problem of a flow; an empty list means it can run (given its inputs are filled). */
export function validateFlow(graph: FlowGraph): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const seen = new Set<string>();
  for (const node of graph.nodes) {
    if (seen.has(node.id)) issues.push({ code: 'duplicate_id', id: node.id, message: `Two nodes share the id ${node.id}.` });
    seen.add(node.id);
    if (node.type === 'step' && !isGenerationKind(node.kind)) issues.push({ code: 'unknown_kind', id: node.id, message: `Unknown kind ${String(node.kind)}.` });
    if (node.type === 'step' && jobCount(node, 1) > MAX_JOBS_PER_STEP) issues.push({ code: 'too_many_jobs', id: node.id, message: `A step makes at most ${MAX_JOBS_PER_STEP} results per run.` });
  }
  const taken = new Set<string>();
  for (const edge of graph.edges) {
    const code = edgeIssue(graph, edge);
    if (code) {
      issues.push({ code, id: edge.id, message: `Edge ${edge.id}: ${code.replaceAll('_', ' ')}.` });
      continue;
    }
    const port = `${edge.to}\u0000${edge.toPort}`;
    if (taken.has(port)) issues.push({ code: 'port_taken', id: edge.id, message: `Port ${edge.toPort} of ${edge.to} already has an input.` });
    taken.add(port);
  }
  const cycle = findCycle(graph);
  if (cycle) issues.push({ code: 'cycle', id: cycle, message: `The flow loops back through ${cycle}.` });
  return issues;
}

/** The edges into each node, and out of it. */
function adjacency(graph: FlowGraph) {
  const incoming = new Map<string, FlowEdge[]>();
  const outgoing = new Map<string, FlowEdge[]>();
  for (const node of graph.nodes) {
    incoming.set(node.id, []);
    outgoing.set(node.id, []);
  }
  for (const edge of graph.edges) {
    if (!incoming.has(edge.to) || !outgoing.has(edge.from)) continue;
    incoming.get(edge.to)!.push(edge);
    outgoing.get(edge.from)!.push(edge);
  }
  return { incoming, outgoing };
}

/**
 * Kahn's algorithm: node ids in an order where every edge goes forward, ties broken by the
 * nodes' order in the graph (stable for a given document). `cyclic` lists the nodes left over.
 */
function kahn(graph: FlowGraph): { order: string[]; cyclic: string[] } {
  const { incoming, outgoing } = adjacency(graph);
  const remaining = new Map([...incoming].map(([id, edges]) => [id, edges.length]));
  const index = new Map(graph.nodes.map((node, i) => [node.id, i]));
  const ready = graph.nodes.filter((node) => remaining.get(node.id) === 0).map((node) => node.id);
  const order: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => index.get(a)! - index.get(b)!);
    const id = ready.shift()!;
    order.push(id);
    for (const edge of outgoing.get(id) ?? []) {
      const left = remaining.get(edge.to)! - 1;
      remaining.set(edge.to, left);
      if (left === 0) ready.push(edge.to);
    }
  }
  return { order, cyclic: graph.nodes.map((n) => n.id).filter((id) => !order.includes(id)) };
}

function findCycle(graph: FlowGraph): string | null {
  return kahn(graph).cyclic[0] ?? null;
}

/** Node ids with every edge going forward; throws on a cycle (validateFlow reports it first). */
export function topologicalOrder(graph: FlowGraph): string[] {
  const { order, cyclic } = kahn(graph);
  if (cyclic.length > 0) throw new Error(`flow: cycle through ${cyclic.join(', ')}`);
  return order;
}

/** The nodes reachable from `ids` (not including them). */
export function descendantsOf(graph: FlowGraph, ids: Iterable<string>): Set<string> {
  const { outgoing } = adjacency(graph);
  const found = new Set<string>();
  const stack = [...ids];
  while (stack.length > 0) {
    for (const edge of outgoing.get(stack.pop()!) ?? []) {
      if (found.has(edge.to)) continue;
      found.add(edge.to);
      stack.push(edge.to);
    }
  }
  return found;
}

/** The nodes `id` depends on (not including it). */
export function ancestorsOf(graph: FlowGraph, id: string): Set<string> {
  const { incoming } = adjacency(graph);
  const found = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    for (const edge of incoming.get(stack.pop()!) ?? []) {
      if (found.has(edge.from)) continue;
      found.add(edge.from);
      stack.push(edge.from);
    }
  }
  return found;
}

/** JSON with sorted keys: equal values give equal text whatever order their keys were set in. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** cyrb53: a fast 53-bit string hash, enough to tell settings apart (not a security hash). */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Each node's signature: its own settings (a step's kind, settings and variations; an input's
 * value) and, through the edges, the signatures of everything upstream and the results the
 * upstream steps hold now. A step whose signature differs from the one its outputs were made
 * with is stale — so changing a prompt, or regenerating a step, makes the steps below it stale,
 * and nothing else.
 */
export function signatures(graph: FlowGraph, records: Readonly<Record<string, StepRecord | undefined>> = {}): Map<string, string> {
  const nodes = byId(graph);
  const { incoming } = adjacency(graph);
  const out = new Map<string, string>();
  for (const id of topologicalOrder(graph)) {
    const node = nodes.get(id)!;
    const own = node.type === 'step' ? { kind: node.kind, settings: node.settings, variations: node.variations ?? null } : { port: node.port, value: node.value };
    const inputs = Object.fromEntries((incoming.get(id) ?? []).map((edge) => [edge.toPort, [out.get(edge.from), records[edge.from]?.outputs ?? null]]));
    out.set(id, hash(canonicalJson({ own, inputs })));
  }
  return out;
}

/** What the document remembers of a step's last run. */
export interface StepRecord {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  /** The step's signature when that run started. */
  signature: string;
  /** Media keys of its results (one per job), once succeeded. */
  outputs: string[];
}

export type StepState = 'ready' | 'fresh' | 'stale' | 'running' | 'failed' | 'waiting';

/**
 * Each step's state now: `fresh` (has results made with its current settings and inputs),
 * `stale` (has results, but something changed since), `running` (queued or running, whatever
 * it was started with), `failed` (its last run with these settings failed), `ready` (never ran,
 * all inputs available) or `waiting` (an upstream step has no fresh result yet, or an input node
 * is empty).
 */
export function stepStates(graph: FlowGraph, records: Readonly<Record<string, StepRecord | undefined>>): Map<string, StepState> {
  const sig = signatures(graph, records);
  const nodes = byId(graph);
  const { incoming } = adjacency(graph);
  const states = new Map<string, StepState>();
  for (const id of topologicalOrder(graph)) {
    const node = nodes.get(id)!;
    if (node.type !== 'step') continue;
    const record = records[id];
    const current = record?.signature === sig.get(id);
    if (record && (record.status === 'queued' || record.status === 'running')) states.set(id, 'running');
    else if (record && current) states.set(id, record.status === 'succeeded' ? 'fresh' : 'failed');
    else if (record?.status === 'succeeded') states.set(id, 'stale');
    else {
      const inputsReady = (incoming.get(id) ?? []).every((edge) => {
        const from = nodes.get(edge.from)!;
        return from.type === 'input' ? from.value !== null && from.value !== '' : states.get(from.id) === 'fresh';
      });
      states.set(id, inputsReady ? 'ready' : 'waiting');
    }
  }
  return states;
}

export type RunScope = { kind: 'all' } | { kind: 'step'; stepId: string } | { kind: 'downstream'; stepId: string };

export interface RunPlan {
  /** Steps this run makes, in dependency order. */
  run: string[];
  /** Steps whose current results the run uses as they are (unchanged). */
  reuse: string[];
}

/**
 * What a run does. `all`: every step without a fresh result; `step`: that one step (run again
 * even if fresh — "regenerate"), its stale ancestors first; `downstream`: the step and every
 * step below it that is not fresh. Fresh steps are never re-run except the one asked for; a
 * stale or never-run ancestor a step needs is added, so nothing runs on outdated inputs.
 */
export function planRun(graph: FlowGraph, records: Readonly<Record<string, StepRecord | undefined>>, scope: RunScope): RunPlan {
  const order = topologicalOrder(graph);
  const nodes = byId(graph);
  const states = stepStates(graph, records);
  const isStep = (id: string) => nodes.get(id)?.type === 'step';
  const wanted = new Set<string>();
  if (scope.kind === 'all') for (const id of order) if (isStep(id) && states.get(id) !== 'fresh') wanted.add(id);
  if (scope.kind !== 'all') {
    if (!isStep(scope.stepId)) throw new Error(`flow: no step ${scope.stepId}`);
    wanted.add(scope.stepId);
    if (scope.kind === 'downstream') for (const id of descendantsOf(graph, [scope.stepId])) if (isStep(id) && states.get(id) !== 'fresh') wanted.add(id);
  }
  // Whatever a wanted step needs that has no fresh result runs first.
  for (const id of [...wanted]) for (const up of ancestorsOf(graph, id)) if (isStep(up) && states.get(up) !== 'fresh') wanted.add(up);
  const reuse = new Set<string>();
  for (const id of wanted) for (const up of ancestorsOf(graph, id)) if (isStep(up) && !wanted.has(up)) reuse.add(up);
  return { run: order.filter((id) => wanted.has(id)), reuse: order.filter((id) => reuse.has(id)) };
}

export type JobStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'blocked';

/**
 * The scheduler's one decision: given the plan and where each of its steps is, which pending
 * steps can start now (every upstream step succeeded in this run or re-used), and which are
 * blocked because something above them failed. Independent branches go on. `slots` is how many
 * more tasks the plan's concurrency allows now.
 */
export function nextSteps(graph: FlowGraph, plan: RunPlan, status: Readonly<Record<string, JobStatus>>, slots: number): { start: string[]; blocked: string[] } {
  const failed = plan.run.filter((id) => status[id] === 'failed' || status[id] === 'blocked');
  const blockedNow = new Set([...descendantsOf(graph, failed)].filter((id) => plan.run.includes(id) && (status[id] ?? 'pending') === 'pending'));
  const reused = new Set(plan.reuse);
  const start: string[] = [];
  for (const id of plan.run) {
    if (start.length >= Math.max(0, slots)) break;
    if ((status[id] ?? 'pending') !== 'pending' || blockedNow.has(id)) continue;
    const ups = [...ancestorsOf(graph, id)].filter((up) => plan.run.includes(up) || reused.has(up));
    if (ups.every((up) => reused.has(up) || status[up] === 'succeeded')) start.push(id);
  }
  return { start, blocked: [...blockedNow] };
}

/** How many results a step makes per upstream combination: its seeds, its prompts, or one. */
function variationCount(step: FlowStep): number {
  if (step.variations?.prompts && step.variations.prompts.length > 0) return step.variations.prompts.length;
  return Math.max(1, Math.trunc(step.variations?.seeds ?? 1));
}

/** Jobs a step makes when its inputs carry `combinations` upstream combinations. */
export function jobCount(step: FlowStep, combinations: number): number {
  return variationCount(step) * Math.max(1, combinations);
}

/**
 * The inputs of each job a step makes: its settings, each connected port filled from upstream
 * (one job per combination of upstream outputs — a downstream step runs once per upstream
 * result), times its variations (seed = settings.seed + i, or each prompt in turn).
 */
export function expandJobs(step: FlowStep, portValues: Readonly<Record<string, readonly string[]>>): Record<string, unknown>[] {
  let combos: Record<string, string>[] = [{}];
  for (const [port, values] of Object.entries(portValues)) {
    if (values.length === 0) return [];
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [port]: value })));
  }
  const jobs: Record<string, unknown>[] = [];
  const prompts = step.variations?.prompts?.filter((p) => p.trim() !== '') ?? [];
  for (const combo of combos) {
    if (prompts.length > 0) for (const prompt of prompts) jobs.push(withPorts({ ...step.settings, prompt }, combo));
    else {
      const seeds = variationCount(step);
      const base = typeof step.settings.seed === 'number' ? step.settings.seed : 0;
      for (let i = 0; i < seeds; i++) jobs.push(withPorts(seeds > 1 ? { ...step.settings, seed: base + i } : { ...step.settings }, combo));
    }
  }
  if (jobs.length > MAX_JOBS_PER_STEP) throw new Error(`flow: step ${step.id} would make ${jobs.length} results (at most ${MAX_JOBS_PER_STEP})`);
  return jobs;
}

/** Sets dotted port paths (`background.image`, `subjects.0`) in a copy of the settings. */
function withPorts(settings: Record<string, unknown>, ports: Record<string, string>): Record<string, unknown> {
  // Settings are plain JSON (they live in the project document).
  const out = JSON.parse(JSON.stringify(settings)) as Record<string, unknown>;
  for (const [path, value] of Object.entries(ports)) {
    const parts = path.split('.');
    let target: Record<string, unknown> | unknown[] = out;
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      const key: string | number = /^\d+$/.test(part) ? Number(part) : part;
      if (last) (target as Record<string | number, unknown>)[key] = value;
      else {
        const next: unknown = (target as Record<string | number, unknown>)[key];
        const made: Record<string, unknown> | unknown[] = next && typeof next === 'object' ? (next as Record<string, unknown>) : /^\d+$/.test(parts[i + 1]!) ? [] : {};
        (target as Record<string | number, unknown>)[key] = made;
        target = made;
      }
    }
  }
  return out;
}
