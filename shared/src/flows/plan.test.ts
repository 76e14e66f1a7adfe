import { describe, expect, it } from 'vitest';
import { FLOW_LAYOUT_GAP, FLOW_NODE_SIZE, layoutProposal, zFlowProposal, zFlowProposeInput } from './plan.ts';

const COLUMN = FLOW_NODE_SIZE.width + FLOW_LAYOUT_GAP.x;
const ROW = FLOW_NODE_SIZE.height + FLOW_LAYOUT_GAP.y;

describe('layoutProposal', () => {
  it('puts each node one column right of the deepest node feeding it, stacking a column in order', () => {
    // prompt → image → video → voice; the photo and the narration feed later steps directly.
    const { positions, width, height } = layoutProposal(
      ['prompt', 'narration', 'image', 'video', 'voice'],
      [
        { from: 'prompt', to: 'image' },
        { from: 'image', to: 'video' },
        { from: 'prompt', to: 'video' },
        { from: 'video', to: 'voice' },
        { from: 'narration', to: 'voice' },
      ],
    );
    expect(Object.fromEntries(positions)).toEqual({
      prompt: { x: 0, y: 0 },
      narration: { x: 0, y: ROW },
      image: { x: COLUMN, y: 0 },
      video: { x: 2 * COLUMN, y: 0 },
      voice: { x: 3 * COLUMN, y: 0 },
    });
    expect(width).toBe(4 * FLOW_NODE_SIZE.width + 3 * FLOW_LAYOUT_GAP.x);
    expect(height).toBe(2 * FLOW_NODE_SIZE.height + FLOW_LAYOUT_GAP.y);
  });

  it('ignores wires to unknown nodes and survives an empty proposal', () => {
    expect(Object.fromEntries(layoutProposal(['a'], [{ from: 'ghost', to: 'a' }]).positions)).toEqual({ a: { x: 0, y: 0 } });
    expect(layoutProposal([], [])).toEqual({ positions: new Map(), width: 0, height: 0 });
  });
});

describe('the propose schemas', () => {
  it('take a media key for the photo, not a URL, and default what a planner leaves out', () => {
    expect(zFlowProposeInput.safeParse({ projectId: 'p', brief: 'a teaser', imageKey: 'u/alice/a.png' }).success).toBe(true);
    expect(zFlowProposeInput.safeParse({ projectId: 'p', brief: 'a teaser', imageKey: 'https://example.com/a.png' }).success).toBe(false);
    expect(zFlowProposeInput.safeParse({ projectId: 'p', brief: '   ' }).success).toBe(false);
    expect(zFlowProposal.parse({ steps: [{ id: 's', kind: 'upscale' }] })).toEqual({ steps: [{ id: 's', kind: 'upscale', settings: {} }], inputs: [], wires: [], notes: [] });
  });
});
