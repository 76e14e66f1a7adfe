/**
 * The studio's side of flows (issue 24), without React: what the flow layer draws (cards, their
 * ports and state, wires between them) read from the project document, the card geometry that
 * places ports and wires, the edits (each ONE transaction with the canvas's local origin, so it is
 * one step of my own undo history), and the settings form of a kind read from its zod schema.
 * The graph rules themselves (types, cycles, staleness) are shared/flows'.
 */
import { type GenerationKind, GENERATION_KINDS, parseImageRef, parseVideoRef, videoFieldsOf } from '@tessera/shared/generation';
import { edgeIssue, type FlowEdge, type FlowIssueCode, inputPortsOf, MAX_JOBS_PER_STEP, outputTypeOf, type Port, type PortType, type StepState, stepStates } from '@tessera/shared/flows';
import {
  asGraphNode,
  connect,
  disconnect,
  type FlowDocNode,
  readFlow,
  readRuns,
  removeFlowNode,
  type StepRun,
  stepFromLineage,
  updateFlowNode,
  writeFlowNode,
} from '@tessera/shared/flows/document';
import type * as Y from 'yjs';

/** Card geometry, canvas units. */
export const CARD_WIDTH = 240;
export const CARD_HEADER = 64;
export const PORT_ROW = 24;
export const THUMB_ROW = 76;
export const INPUT_CARD_HEIGHT = 132;

export interface FlowView {
  nodes: FlowDocNode[];
  edges: readonly FlowEdge[];
  runs: Record<string, StepRun>;
  states: Map<string, StepState>;
}

/** The flow as drawn: nodes, edges, each step's last run and its state. */
export function readFlowView(doc: Y.Doc): FlowView {
  const { nodes, edges } = readFlow(doc);
  const runs = readRuns(doc);
  const graph = { nodes: nodes.map(asGraphNode), edges };
  return { nodes, edges, runs, states: stepStates(graph, runs) };
}

export function portsOf(node: FlowDocNode): Port[] {
  return node.type === 'step' ? inputPortsOf(node.kind) : [];
}

export function outputOf(node: FlowDocNode): PortType {
  return outputTypeOf(asGraphNode(node));
}

/** A card's height: header, one row per input port, and a row of results when it has some. */
export function cardHeight(node: FlowDocNode, hasResults: boolean): number {
  if (node.type === 'input') return INPUT_CARD_HEIGHT;
  return CARD_HEADER + portsOf(node).length * PORT_ROW + (hasResults ? THUMB_ROW : 0) + 8;
}

/** The box around every card (canvas units). */
export function flowBounds(view: Pick<FlowView, 'nodes' | 'runs'>): { x: number; y: number; width: number; height: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of view.nodes) {
    x0 = Math.min(x0, node.x);
    y0 = Math.min(y0, node.y);
    x1 = Math.max(x1, node.x + CARD_WIDTH);
    y1 = Math.max(y1, node.y + cardHeight(node, (view.runs[node.id]?.outputs.length ?? 0) > 0));
  }
  return x0 === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Where an input port sits (left edge of the card), canvas units. */
export function inputPortPoint(node: FlowDocNode, port: string): { x: number; y: number } | null {
  const index = portsOf(node).findIndex((p) => p.name === port);
  if (index < 0) return null;
  return { x: node.x, y: node.y + CARD_HEADER + index * PORT_ROW + PORT_ROW / 2 };
}

/** Where a node's output port sits (right edge, level with the header). */
export function outputPortPoint(node: FlowDocNode): { x: number; y: number } {
  return { x: node.x + CARD_WIDTH, y: node.y + CARD_HEADER / 2 };
}

/** A wire: a horizontal S-curve from an output to an input port. */
export function wirePath(a: { x: number; y: number }, b: { x: number; y: number }): string {
  const bend = Math.max(40, Math.abs(b.x - a.x) / 2);
  return `M ${a.x} ${a.y} C ${a.x + bend} ${a.y}, ${b.x - bend} ${b.y}, ${b.x} ${b.y}`;
}

export const PORT_COLORS: Record<PortType, string> = { text: '#0ea5e9', image: '#a855f7', video: '#f97316' };

/** The URL that shows a stored key or a media reference (null when it is neither). */
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const ref = parseImageRef(value) ?? parseVideoRef(value);
  if (!ref) return null;
  return ref.kind === 'key' ? `/api/media/${ref.key}` : ref.kind === 'url' ? ref.url : null;
}

export function isVideoKind(kind: GenerationKind): boolean {
  return GENERATION_KINDS[kind].output !== 'image';
}

// ---------------------------------------------------------------------------------------------
// Edits: each is one transaction with `origin` (the canvas's local origin → one undo step).

let counter = 0;
export function newFlowId(prefix: 'step' | 'in' | 'edge'): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36)}${random}`;
}

export function addStep(doc: Y.Doc, origin: object, kind: GenerationKind, at: { x: number; y: number }): string {
  const id = newFlowId('step');
  doc.transact(() => writeFlowNode(doc, { id, type: 'step', kind, settings: {}, x: Math.round(at.x), y: Math.round(at.y) }), origin);
  return id;
}

export function addInput(doc: Y.Doc, origin: object, port: PortType, at: { x: number; y: number }, value: string | null = null): string {
  const id = newFlowId('in');
  doc.transact(() => writeFlowNode(doc, { id, type: 'input', port, value, x: Math.round(at.x), y: Math.round(at.y) }), origin);
  return id;
}

export function patchNode(doc: Y.Doc, origin: object, id: string, patch: Record<string, unknown>): void {
  doc.transact(() => updateFlowNode(doc, id, patch), origin);
}

/** Changes one setting of a step (`undefined` removes it: the kind's default applies). */
export function setStepSetting(doc: Y.Doc, origin: object, node: Extract<FlowDocNode, { type: 'step' }>, key: string, value: unknown): void {
  const settings = { ...node.settings };
  if (value === undefined || value === '') delete settings[key];
  else settings[key] = value;
  patchNode(doc, origin, node.id, { settings });
}

/**
 * Changes a step's variations: `seeds` (1–16 runs) and/or `prompts` (one run each, blank lines
 * dropped, 16 at most); what is not given is kept, and a step with neither has none.
 */
export function setVariations(doc: Y.Doc, origin: object, node: Extract<FlowDocNode, { type: 'step' }>, change: { seeds?: number | undefined; prompts?: string[] }): void {
  const seeds = 'seeds' in change ? (change.seeds === undefined ? undefined : Math.min(MAX_JOBS_PER_STEP, Math.max(1, Math.round(change.seeds)))) : node.variations?.seeds;
  const prompts = change.prompts ? change.prompts.map((p) => p.trim()).filter(Boolean).slice(0, MAX_JOBS_PER_STEP) : (node.variations?.prompts ?? []);
  const next = { ...(seeds ? { seeds } : {}), ...(prompts.length ? { prompts } : {}) };
  patchNode(doc, origin, node.id, { variations: Object.keys(next).length ? next : undefined });
}

export function removeNode(doc: Y.Doc, origin: object, id: string): void {
  doc.transact(() => removeFlowNode(doc, id), origin);
}

export function removeEdge(doc: Y.Doc, origin: object, id: string): void {
  doc.transact(() => disconnect(doc, id), origin);
}

/**
 * Wires `from`'s output into `to`'s port: the refusal's reason (nothing changed) or null. A port
 * that has a wire is rewired.
 */
export function wire(doc: Y.Doc, origin: object, from: string, to: string, toPort: string): FlowIssueCode | null {
  if (from === to) return 'cycle';
  let problem: FlowIssueCode | null = null;
  doc.transact(() => {
    problem = connect(doc, { id: newFlowId('edge'), from, to, toPort });
  }, origin);
  return problem;
}

/** Why a wire from `from` into `to`'s port would be refused (for the drag's hint), or null. */
export function wireIssue(view: Pick<FlowView, 'nodes' | 'edges'>, from: string, to: string, toPort: string): FlowIssueCode | null {
  if (from === to) return 'cycle';
  const graph = { nodes: view.nodes.map(asGraphNode), edges: view.edges };
  return edgeIssue(graph, { from, to, toPort });
}

/** A generated canvas node's lineage → a new step beside it; null when its kind is not a step kind. */
export function turnIntoStep(
  doc: Y.Doc,
  origin: object,
  lineage: { kind: string; params: Record<string, unknown>; engine?: string },
  at: { x: number; y: number },
): string | null {
  const id = newFlowId('step');
  const step = stepFromLineage({ id, kind: lineage.kind, params: lineage.params, x: Math.round(at.x), y: Math.round(at.y) });
  if (!step || step.type !== 'step') return null;
  // Media the ports will supply is not a setting (the lineage's image was a one-off input); its
  // prompt stays one (a wired prompt overrides it).
  const ports = mediaFieldsOf(step.kind);
  const settings = Object.fromEntries(Object.entries(step.settings).filter(([key]) => !ports.has(key) && key !== 'model'));
  const model = typeof step.settings.model === 'string' ? step.settings.model : undefined;
  doc.transact(() => writeFlowNode(doc, { ...step, settings, ...(model ? { model } : {}) }), origin);
  return id;
}

/** A kind's top-level input fields that hold images or videos (what ports feed). */
function mediaFieldsOf(kind: GenerationKind): Set<string> {
  const fields: readonly string[] = [...GENERATION_KINDS[kind].imageFields, ...videoFieldsOf(kind)];
  return new Set(fields.map((f) => f.split('.')[0] ?? f));
}

// ---------------------------------------------------------------------------------------------
// The settings form of a kind, read from its zod schema (zod 4's public `def`).

export type SettingField =
  | { key: string; type: 'text'; multiline: boolean; max?: number }
  | { key: string; type: 'number'; min?: number; max?: number; step: number; integer: boolean; default?: number }
  | { key: string; type: 'choice'; options: (string | number)[]; default?: string | number }
  | { key: string; type: 'boolean'; default?: boolean };

interface ZodLike {
  def?: { type?: string; innerType?: ZodLike; defaultValue?: unknown; entries?: Record<string, string | number>; options?: ZodLike[]; values?: unknown[]; checks?: unknown[] };
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  maxLength?: number | null;
  shape?: Record<string, ZodLike>;
}

/** Fields every kind has that the step does not edit as settings. */
const NOT_SETTINGS = new Set(['model', 'projectId', 'seed', 'loraId', 'expectedCost']);

function unwrap(schema: ZodLike): { inner: ZodLike; fallback: unknown } {
  let inner = schema;
  let fallback: unknown;
  for (let i = 0; i < 5 && inner.def; i += 1) {
    const type = inner.def.type;
    if (type === 'default' || type === 'prefault') fallback = typeof inner.def.defaultValue === 'function' ? (inner.def.defaultValue as () => unknown)() : inner.def.defaultValue;
    if ((type === 'default' || type === 'prefault' || type === 'optional' || type === 'nullable') && inner.def.innerType) inner = inner.def.innerType;
    else break;
  }
  return { inner, fallback };
}

/** The main fields of a kind's input that a step keeps as settings (not its ports, not ids). */
export function settingFields(kind: GenerationKind): SettingField[] {
  const schema = GENERATION_KINDS[kind].input as unknown as ZodLike;
  const shape = schema.shape ?? {};
  const ports = new Set(inputPortsOf(kind).map((p) => p.name.split('.')[0] ?? p.name));
  const imagePorts = mediaFieldsOf(kind);
  const fields: SettingField[] = [];
  for (const [key, raw] of Object.entries(shape)) {
    if (NOT_SETTINGS.has(key) || imagePorts.has(key)) continue;
    const { inner, fallback } = unwrap(raw);
    const type = inner.def?.type;
    if (type === 'string') {
      // A prompt is a setting too (a wired text port overrides it).
      fields.push({ key, type: 'text', multiline: ports.has(key) || key.toLowerCase().includes('prompt'), ...(inner.maxLength ? { max: inner.maxLength } : {}) });
    } else if (type === 'number') {
      const integer = Boolean(inner.isInt);
      const min = inner.minValue ?? undefined;
      const max = inner.maxValue ?? undefined;
      const bounded = (v: number | undefined) => (v !== undefined && Number.isFinite(v) && Math.abs(v) < 1e9 ? v : undefined);
      const lo = bounded(min);
      const hi = bounded(max);
      fields.push({
        key,
        type: 'number',
        integer,
        step: integer ? 1 : lo !== undefined && hi !== undefined && hi - lo <= 2 ? 0.05 : 0.1,
        ...(lo !== undefined ? { min: lo } : {}),
        ...(hi !== undefined ? { max: hi } : {}),
        ...(typeof fallback === 'number' ? { default: fallback } : {}),
      });
    } else if (type === 'enum' && inner.def?.entries) {
      fields.push({ key, type: 'choice', options: Object.values(inner.def.entries), ...(fallback !== undefined ? { default: fallback as string } : {}) });
    } else if (type === 'union' && inner.def?.options?.every((o) => o.def?.type === 'literal')) {
      const options = inner.def.options.flatMap((o) => (o.def?.values ?? []) as (string | number)[]);
      fields.push({ key, type: 'choice', options, ...(fallback !== undefined ? { default: fallback as string | number } : {}) });
    } else if (type === 'boolean') {
      fields.push({ key, type: 'boolean', ...(typeof fallback === 'boolean' ? { default: fallback } : {}) });
    }
  }
  return fields;
}

/** What a run needs to know to cancel: the run id of a step still queued or running. */
export function activeRunId(runs: Record<string, StepRun>): string | null {
  for (const run of Object.values(runs)) if ((run.status === 'queued' || run.status === 'running') && run.runId) return run.runId;
  return null;
}
