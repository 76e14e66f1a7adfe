import type { FlowTemplateGraph, FlowTemplateInput } from '@tessera/shared/flows/templates';
import { describe, expect, it } from 'vitest';
import { appCodeOf, estimatedSize, insertionPoint, presetReady, presetValues, sketch, stepsInOrder } from './templateModel.ts';

const graph: FlowTemplateGraph = {
  // Saved out of order: the video step first, then the image step, then the prompt.
  nodes: [
    { id: 'video', type: 'step', kind: 'image_to_video', settings: {}, x: 600, y: 0 },
    { id: 'image', type: 'step', kind: 'text_to_image', settings: {}, x: 300, y: 0 },
    { id: 'prompt', type: 'input', port: 'text', value: null, x: 0, y: 0 },
  ],
  edges: [
    { id: 'e1', from: 'prompt', to: 'image', toPort: 'prompt' },
    { id: 'e2', from: 'image', to: 'video', toPort: 'image' },
  ],
};

describe('insertionPoint', () => {
  it('centres the flow in the visible canvas', () => {
    expect(insertionPoint({ x: -100, y: 50, width: 1000, height: 600 }, { width: 400, height: 200 })).toEqual({ x: 200, y: 250 });
  });

  it('puts a flow larger than the view with its middle in the middle (top-left off screen)', () => {
    expect(insertionPoint({ x: 0, y: 0, width: 300, height: 300 }, { width: 900, height: 500 })).toEqual({ x: -300, y: -100 });
  });
});

describe('estimatedSize', () => {
  it('grows with the steps up to four columns', () => {
    expect(estimatedSize(1, 0).width).toBeLessThan(estimatedSize(2, 1).width);
    expect(estimatedSize(10, 1)).toEqual(estimatedSize(3, 1));
  });
});

describe('stepsInOrder', () => {
  it('lists the steps in the order a run takes them, without the inputs', () => {
    expect(stepsInOrder(graph).map((s) => s.id)).toEqual(['image', 'video']);
  });

  it('falls back to the saved order when the graph has a loop', () => {
    const loop: FlowTemplateGraph = { nodes: graph.nodes, edges: [...graph.edges, { id: 'e3', from: 'video', to: 'image', toPort: 'image' }] };
    expect(stepsInOrder(loop).map((s) => s.id)).toEqual(['video', 'image']);
  });
});

describe('sketch', () => {
  it('fits every card inside the box, keeps left-to-right order and joins wired cards', () => {
    const drawn = sketch(graph, 200, 100, 8);
    expect(drawn.nodes).toHaveLength(3);
    for (const n of drawn.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(8 - 1e-9);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.x + n.width).toBeLessThanOrEqual(192 + 1e-9);
      expect(n.y + n.height).toBeLessThanOrEqual(100);
    }
    const x = (id: string) => drawn.nodes.find((n) => n.id === id)!.x;
    expect(x('prompt')).toBeLessThan(x('image'));
    expect(x('image')).toBeLessThan(x('video'));
    expect(drawn.nodes.find((n) => n.id === 'prompt')!.step).toBe(false);
    // A wire starts on its source's right edge and ends on its target's left edge.
    const wire = drawn.wires.find((w) => w.id === 'e1')!;
    const prompt = drawn.nodes.find((n) => n.id === 'prompt')!;
    expect(wire.x1).toBeCloseTo(prompt.x + prompt.width);
    expect(wire.x2).toBeCloseTo(x('image'));
  });

  it('drops a wire whose end is missing', () => {
    const broken: FlowTemplateGraph = { nodes: graph.nodes, edges: [{ id: 'x', from: 'gone', to: 'image', toPort: 'prompt' }] };
    expect(sketch(broken, 100, 100).wires).toEqual([]);
  });
});

describe('preset form', () => {
  const inputs: FlowTemplateInput[] = [
    { id: 'p', port: 'text', name: null, value: null },
    { id: 'i', port: 'image', name: 'Product', value: null },
  ];

  it('is ready only when every input has a non-blank value', () => {
    expect(presetReady(inputs, { p: 'a cat' })).toBe(false);
    expect(presetReady(inputs, { p: '   ', i: '/api/media/u/a.png' })).toBe(false);
    expect(presetReady(inputs, { p: 'a cat', i: '/api/media/u/a.png' })).toBe(true);
  });

  it('sends trimmed values of its own inputs only', () => {
    expect(presetValues(inputs, { p: '  a cat ', i: '', other: 'x' })).toEqual({ p: 'a cat' });
  });
});

describe('appCodeOf', () => {
  it('reads the app code of a tRPC error, and nothing from anything else', () => {
    expect(appCodeOf({ data: { appCode: 'FLOW_COST_CHANGED' } })).toBe('FLOW_COST_CHANGED');
    expect(appCodeOf(new Error('x'))).toBeUndefined();
    expect(appCodeOf(null)).toBeUndefined();
  });
});
