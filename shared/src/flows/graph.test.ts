import { describe, expect, it } from 'vitest';
import type { GenerationKind } from '../generation/generation.ts';
import {
  edgeIssue,
  expandJobs,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  inputPortsOf,
  MAX_JOBS_PER_STEP,
  nextSteps,
  planRun,
  signatures,
  type StepRecord,
  stepStates,
  topologicalOrder,
  validateFlow,
} from './graph.ts';

const prompt = (id: string, value: string | null = 'a red fox'): FlowNode => ({ id, type: 'input', port: 'text', value });
const step = (id: string, kind: GenerationKind, settings: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'step',
  kind,
  settings,
});
const edge = (from: string, to: string, toPort: string): FlowEdge => ({ id: `${from}->${to}.${toPort}`, from, to, toPort });

/** prompt → image → video → upscale, and a second branch image → background removal. */
function teaser(): FlowGraph {
  return {
    nodes: [
      prompt('p'),
      step('img', 'text_to_image', { aspectRatio: '16:9' }),
      step('vid', 'image_to_video', { duration: 5 }),
      step('up', 'video_upscale', {}),
      step('cut', 'background_remover', {}),
    ],
    edges: [edge('p', 'img', 'prompt'), edge('img', 'vid', 'image'), edge('vid', 'up', 'video'), edge('img', 'cut', 'image')],
  };
}

/** Records as if every step of `ids` ran with the graph as it is now. */
function ranAll(graph: FlowGraph, ids: string[], status: StepRecord['status'] = 'succeeded', records: Record<string, StepRecord> = {}): Record<string, StepRecord> {
  const out = { ...records };
  for (const id of topologicalOrder(graph)) {
    if (!ids.includes(id)) continue;
    out[id] = { status, signature: signatures(graph, out).get(id)!, outputs: status === 'succeeded' ? [`${id}-out-1`] : [] };
  }
  return out;
}

describe('ports and edges', () => {
  it('gives each kind typed ports: prompts are text, image fields images, video fields videos', () => {
    expect(inputPortsOf('text_to_image')).toEqual([{ name: 'prompt', type: 'text' }]);
    expect(inputPortsOf('image_to_video')).toEqual([
      { name: 'prompt', type: 'text' },
      { name: 'image', type: 'image' },
    ]);
    expect(inputPortsOf('lip_sync')).toEqual([
      { name: 'text', type: 'text' },
      { name: 'image', type: 'image' },
      { name: 'video', type: 'video' },
    ]);
    expect(inputPortsOf('background_changer').map((p) => p.name)).toContain('background.image');
  });

  it('refuses an image feeding a prompt, a video feeding an image port, and unknown ports', () => {
    const g = teaser();
    expect(edgeIssue(g, { from: 'img', to: 'vid', toPort: 'prompt' })).toBe('type_mismatch');
    expect(edgeIssue(g, { from: 'vid', to: 'cut', toPort: 'image' })).toBe('type_mismatch');
    expect(edgeIssue(g, { from: 'img', to: 'up', toPort: 'image' })).toBe('unknown_port');
    expect(edgeIssue(g, { from: 'img', to: 'p', toPort: 'prompt' })).toBe('unknown_port');
    expect(edgeIssue(g, { from: 'nope', to: 'vid', toPort: 'image' })).toBe('dangling_edge');
    expect(edgeIssue(g, { from: 'p', to: 'vid', toPort: 'prompt' })).toBeNull();
  });

  it('validates a whole flow: a sound one has no issues; cycles, taken ports and duplicates are reported', () => {
    expect(validateFlow(teaser())).toEqual([]);
    const g = teaser();
    const looped: FlowGraph = { nodes: [...g.nodes, step('img2', 'image_to_image')], edges: [...g.edges, edge('img', 'img2', 'image'), edge('img2', 'img2', 'image')] };
    expect(validateFlow(looped).map((i) => i.code)).toEqual(['port_taken', 'cycle']);
    const twoCycle: FlowGraph = {
      nodes: [step('a', 'image_to_image'), step('b', 'image_to_image')],
      edges: [edge('a', 'b', 'image'), edge('b', 'a', 'image')],
    };
    expect(validateFlow(twoCycle).map((i) => i.code)).toEqual(['cycle']);
    expect(() => topologicalOrder(twoCycle)).toThrow(/cycle/);
    const dup: FlowGraph = { nodes: [prompt('x'), prompt('x')], edges: [] };
    expect(validateFlow(dup).map((i) => i.code)).toEqual(['duplicate_id']);
    const wide: FlowGraph = { nodes: [{ id: 's', type: 'step', kind: 'text_to_image', settings: {}, variations: { seeds: MAX_JOBS_PER_STEP + 1 } }], edges: [] };
    expect(validateFlow(wide).map((i) => i.code)).toEqual(['too_many_jobs']);
  });

  it('orders steps so every edge goes forward', () => {
    const order = topologicalOrder(teaser());
    for (const e of teaser().edges) expect(order.indexOf(e.from)).toBeLessThan(order.indexOf(e.to));
  });
});

describe('staleness', () => {
  it('a new flow: the first step is ready, the rest wait for it', () => {
    const states = stepStates(teaser(), {});
    expect(Object.fromEntries(states)).toEqual({ img: 'ready', vid: 'waiting', up: 'waiting', cut: 'waiting' });
    expect(Object.fromEntries(stepStates({ ...teaser(), nodes: teaser().nodes.map((n) => (n.id === 'p' ? prompt('p', null) : n)) }, {}))).toMatchObject({ img: 'waiting' });
  });

  it('changing a step marks it and its descendants stale, and nothing else', () => {
    const g = teaser();
    const records = ranAll(g, ['img', 'vid', 'up', 'cut']);
    expect(new Set(stepStates(g, records).values())).toEqual(new Set(['fresh']));
    const changed: FlowGraph = { ...g, nodes: g.nodes.map((n) => (n.id === 'vid' && n.type === 'step' ? { ...n, settings: { duration: 10 } } : n)) };
    expect(Object.fromEntries(stepStates(changed, records))).toEqual({ img: 'fresh', vid: 'stale', up: 'stale', cut: 'fresh' });
    // Same settings written again in another key order: nothing is stale.
    const reordered: FlowGraph = { ...g, nodes: g.nodes.map((n) => (n.id === 'img' && n.type === 'step' ? { ...n, settings: { ...n.settings } } : n)) };
    expect(Object.fromEntries(stepStates(reordered, records))).toEqual({ img: 'fresh', vid: 'fresh', up: 'fresh', cut: 'fresh' });
  });

  it('changing the prompt makes every step below it stale; regenerating a step makes its descendants stale', () => {
    const g = teaser();
    const records = ranAll(g, ['img', 'vid', 'up', 'cut']);
    const newPrompt: FlowGraph = { ...g, nodes: g.nodes.map((n) => (n.id === 'p' ? prompt('p', 'a blue fox') : n)) };
    expect(new Set(stepStates(newPrompt, records).values())).toEqual(new Set(['stale']));
    const regenerated = { ...records, img: { ...records.img!, outputs: ['img-out-2'] } };
    expect(Object.fromEntries(stepStates(g, regenerated))).toEqual({ img: 'fresh', vid: 'stale', up: 'stale', cut: 'stale' });
  });
});

describe('planning and scheduling a run', () => {
  it('runs the whole flow first time; afterwards re-runs only the changed step and what it feeds', () => {
    const g = teaser();
    expect(planRun(g, {}, { kind: 'all' })).toEqual({ run: ['img', 'vid', 'up', 'cut'], reuse: [] });
    const records = ranAll(g, ['img', 'vid', 'up', 'cut']);
    expect(planRun(g, records, { kind: 'all' })).toEqual({ run: [], reuse: [] });
    const changed: FlowGraph = { ...g, nodes: g.nodes.map((n) => (n.id === 'vid' && n.type === 'step' ? { ...n, settings: { duration: 10 } } : n)) };
    expect(planRun(changed, records, { kind: 'all' })).toEqual({ run: ['vid', 'up'], reuse: ['img'] });
  });

  it('run one step: regenerates it even when fresh, running only what it needs first', () => {
    const g = teaser();
    const records = ranAll(g, ['img', 'vid', 'up', 'cut']);
    expect(planRun(g, records, { kind: 'step', stepId: 'vid' })).toEqual({ run: ['vid'], reuse: ['img'] });
    expect(planRun(g, {}, { kind: 'step', stepId: 'up' })).toEqual({ run: ['img', 'vid', 'up'], reuse: [] });
    expect(planRun(g, records, { kind: 'downstream', stepId: 'img' })).toEqual({ run: ['img'], reuse: [] });
    const fresh = ranAll(g, ['img'], 'succeeded');
    expect(planRun(g, fresh, { kind: 'downstream', stepId: 'vid' })).toEqual({ run: ['vid', 'up'], reuse: ['img'] });
  });

  it('starts steps whose inputs are ready, in parallel up to the free slots', () => {
    const g = teaser();
    const plan = planRun(g, {}, { kind: 'all' });
    expect(nextSteps(g, plan, {}, 4)).toEqual({ start: ['img'], blocked: [] });
    expect(nextSteps(g, plan, { img: 'succeeded' }, 4)).toEqual({ start: ['vid', 'cut'], blocked: [] });
    expect(nextSteps(g, plan, { img: 'succeeded' }, 1)).toEqual({ start: ['vid'], blocked: [] });
    expect(nextSteps(g, plan, { img: 'succeeded', vid: 'running', cut: 'running' }, 4)).toEqual({ start: [], blocked: [] });
  });

  it('a failed step blocks only its descendants; the independent branch goes on', () => {
    const g = teaser();
    const plan = planRun(g, {}, { kind: 'all' });
    expect(nextSteps(g, plan, { img: 'succeeded', vid: 'failed' }, 4)).toEqual({ start: ['cut'], blocked: ['up'] });
    expect(nextSteps(g, plan, { img: 'failed' }, 4)).toEqual({ start: [], blocked: ['vid', 'cut', 'up'] });
  });
});

describe('fan-out', () => {
  it('runs once per seed, per prompt, and once per upstream result', () => {
    const seeds = { id: 's', type: 'step' as const, kind: 'text_to_image' as const, settings: { prompt: 'fox', seed: 7 }, variations: { seeds: 3 } };
    expect(expandJobs(seeds, {}).map((j) => j.seed)).toEqual([7, 8, 9]);
    const prompts = { ...seeds, variations: { prompts: ['fox', 'owl', ' '] } };
    expect(expandJobs(prompts, {}).map((j) => j.prompt)).toEqual(['fox', 'owl']);
    const video = { id: 'v', type: 'step' as const, kind: 'image_to_video' as const, settings: { duration: 5 } };
    expect(expandJobs(video, { image: ['a.png', 'b.png'] })).toEqual([
      { duration: 5, image: 'a.png' },
      { duration: 5, image: 'b.png' },
    ]);
    const changer = { id: 'c', type: 'step' as const, kind: 'background_changer' as const, settings: { background: { kind: 'image' } } };
    expect(expandJobs(changer, { image: ['p.png'], 'background.image': ['bg.png'] })).toEqual([{ background: { kind: 'image', image: 'bg.png' }, image: 'p.png' }]);
    expect(expandJobs(video, { image: [] })).toEqual([]);
    expect(() => expandJobs({ ...video, variations: { seeds: 4 } }, { image: ['1', '2', '3', '4', '5'] })).toThrow(/at most/);
  });
});
