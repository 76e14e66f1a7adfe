/**
 * Every proposal is checked against this server's catalogue before anything is drawn: each
 * step's kind must be offered here, its settings must parse with the kind's schema once its
 * wired ports are filled (with placeholders, as flows.service prices a step), each wire must
 * pass the graph's edge rules and the whole flow `validateFlow`. A model the planner named must
 * be offered for the kind (else the kind's default is used). What is safe to repair is repaired
 * with a note — a bad wire or an unknown setting dropped, an unknown model forgotten, a step of
 * a kind not offered here left out; anything else (settings that do not parse, a step missing
 * an input it needs, a loop) rejects the proposal, and the caller replaces it with the offline
 * planner's.
 */
import { edgeIssue, type FlowGraph, type FlowNode, inputPortsOf, validateFlow } from '@tessera/shared/flows';
import { type FlowPlanNote, type FlowProposal, flowNote } from '@tessera/shared/flows/plan';
import { GENERATION_KINDS, type GenerationKind, isGenerationKind, isTemplateKind } from '@tessera/shared/generation';
import { settingNames } from './kindSettings.ts';
import { type PlannerCatalogue, UNPLANNED_KINDS } from './planner.ts';

/** What a wired port holds while a step's settings are checked (flows.service prices with the same kind of stand-ins). */
const PLACEHOLDER = { image: 'u/flow/placeholder.png', video: 'u/flow/placeholder.mp4', text: 'A placeholder prompt' } as const;

export type ProposalCheck = { ok: true; proposal: FlowProposal; notes: FlowPlanNote[] } | { ok: false; reason: string; notes: FlowPlanNote[] };

/** Sets a dotted path (`background.image`) in a copy. */
function withField(input: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const out = structuredClone(input);
  const parts = path.split('.');
  let target: Record<string, unknown> = out;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const next = target[part];
    // `subjects.0` fills a list, `background.image` an object.
    target[part] = next && typeof next === 'object' ? next : /^\d+$/.test(parts[i + 1]!) ? [] : {};
    target = target[part] as Record<string, unknown>;
  }
  target[parts.at(-1)!] = value;
  return out;
}

/** Parses a step's settings as its job will be, its wired ports filled; null when they parse, else why not. */
export function settingsProblem(kind: GenerationKind, settings: Record<string, unknown>, wiredPorts: Iterable<string>): string | null {
  let input: Record<string, unknown> = { ...settings };
  const types = new Map(inputPortsOf(kind).map((p) => [p.name, p.type]));
  for (const port of wiredPorts) input = withField(input, port, PLACEHOLDER[types.get(port) ?? 'text']);
  const parsed = GENERATION_KINDS[kind].input.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.') || kind}: ${i.message}`).join('; ');
}

/** The proposal's graph, as the shared rules read it. */
export function proposalGraph(proposal: FlowProposal): FlowGraph {
  const nodes: FlowNode[] = [
    ...proposal.inputs.map((i): FlowNode => ({ id: i.id, type: 'input', port: i.port, value: i.value })),
    ...proposal.steps.map((s): FlowNode => ({ id: s.id, type: 'step', kind: s.kind as GenerationKind, settings: s.settings, ...(s.variations ? { variations: s.variations } : {}) })),
  ];
  return { nodes, edges: proposal.wires.map((w, i) => ({ id: `w${i}`, ...w })) };
}

/** Checks and repairs a proposal; `imageKey` is the only media a proposal may name. */
export function checkProposal(raw: FlowProposal, ctx: { catalogue: PlannerCatalogue; imageKey?: string | undefined }): ProposalCheck {
  const notes: FlowPlanNote[] = [];
  const offered = new Set<string>(ctx.catalogue.kinds.filter((k) => !UNPLANNED_KINDS.has(k)));
  const ids = new Set<string>();
  const fail = (reason: string): ProposalCheck => ({ ok: false, reason, notes });

  // Inputs: text with something in it, or the image the person gave (a planner cannot invent media).
  const inputs: FlowProposal['inputs'] = [];
  for (const input of raw.inputs) {
    if (ids.has(input.id)) return fail(`two nodes share the id ${input.id}`);
    ids.add(input.id);
    if (input.port === 'text') {
      if (!input.value?.trim()) notes.push(flowNote('empty_text_input', { input: input.id }));
      else inputs.push({ ...input, value: input.value.trim() });
    } else if (input.port === 'image' && ctx.imageKey) {
      if (input.value !== ctx.imageKey) notes.push(flowNote('image_input_replaced', { input: input.id }));
      inputs.push({ ...input, value: ctx.imageKey });
    } else notes.push(flowNote('media_input_dropped', { port: input.port, input: input.id }));
  }

  // Steps: kinds offered here, models offered for them, settings the kind knows.
  const steps: FlowProposal['steps'] = [];
  for (const step of raw.steps) {
    if (ids.has(step.id)) return fail(`two nodes share the id ${step.id}`);
    ids.add(step.id);
    if (!isGenerationKind(step.kind) || !offered.has(step.kind)) {
      notes.push(flowNote('step_kind_dropped', { step: step.id, kind: step.kind }));
      continue;
    }
    const kind = step.kind;
    const known = new Set(settingNames(kind));
    const settings: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(step.settings)) {
      if (known.has(name)) settings[name] = value;
      else notes.push(flowNote('setting_dropped', { setting: name, step: step.id, kind }));
    }
    if (isTemplateKind(kind)) {
      const templates = ctx.catalogue.templates[kind] ?? [];
      if (!templates.some((t) => t.id === settings.templateId)) {
        notes.push(flowNote('template_not_offered', { step: step.id, kind }));
        continue;
      }
    }
    let model = step.model;
    if (model !== undefined && !(ctx.catalogue.models[kind] ?? []).includes(model)) {
      notes.push(flowNote('model_not_offered', { model, kind, step: step.id }));
      model = undefined;
    }
    steps.push({ ...step, kind, settings, ...(model === undefined ? { model: undefined } : { model }) });
  }
  for (const step of steps) if (step.model === undefined) delete step.model;
  if (steps.length === 0) return fail('no step of the proposal can be made here');

  // Wires: both ends kept, types matching, one wire per port.
  const graph = proposalGraph({ ...raw, inputs, steps, wires: [] });
  const wires: FlowProposal['wires'] = [];
  const taken = new Set<string>();
  for (const wire of raw.wires) {
    const problem = edgeIssue(graph, wire) ?? (taken.has(`${wire.to}\u0000${wire.toPort}`) ? 'port_taken' : null);
    if (problem) {
      notes.push(flowNote('wire_dropped', { from: wire.from, to: wire.to, port: wire.toPort, problem }));
      continue;
    }
    taken.add(`${wire.to}\u0000${wire.toPort}`);
    wires.push(wire);
  }

  // Inputs nothing uses are left out (they would only clutter the canvas).
  const used = new Set(wires.map((w) => w.from));
  const keptInputs = inputs.filter((i) => used.has(i.id) || (notes.push(flowNote('input_unused', { input: i.id })), false));

  const proposal: FlowProposal = { steps, inputs: keptInputs, wires, notes: raw.notes };
  for (const step of steps) {
    const problem = settingsProblem(step.kind as GenerationKind, step.settings, wires.filter((w) => w.to === step.id).map((w) => w.toPort));
    if (problem) return fail(`the settings of ${step.id} (${step.kind}) do not hold: ${problem}`);
  }
  const issues = validateFlow(proposalGraph(proposal));
  if (issues.length > 0) return fail(issues.map((i) => i.message).join(' '));
  return { ok: true, proposal, notes };
}

/** The texts a proposal would send to models (moderated before it is drawn). */
export function proposalTexts(proposal: FlowProposal): string[] {
  const texts = proposal.inputs.filter((i) => i.port === 'text' && i.value).map((i) => i.value as string);
  for (const step of proposal.steps) {
    for (const field of ['prompt', 'negativePrompt', 'text', 'topic']) {
      const value = step.settings[field];
      if (typeof value === 'string' && value.trim() !== '') texts.push(value);
    }
  }
  return texts;
}
