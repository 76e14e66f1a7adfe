import { describe, expect, it } from 'vitest';
import { FLOW_LAYOUT_GAP, FLOW_NODE_SIZE, FLOW_NOTE_CODES, FLOW_NOTE_MESSAGES, flowNote, layoutProposal, zFlowProposal, zFlowProposeInput } from './plan.ts';

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

describe('planner notes', () => {
  it('carry a code, its parameters and the English with the parameters filled in', () => {
    expect(flowNote('clip_shortened', { max: 10, duration: 10, asked: 15 })).toEqual({
      code: 'clip_shortened',
      params: { max: 10, duration: 10, asked: 15 },
      message: 'A clip is at most 10 seconds here: the flow makes a 10-second clip for the 15 asked.',
    });
    expect(flowNote('wire_dropped', { from: 'a', to: 'b', port: 'text', problem: 'port_taken' }).message).toBe('The wire a → b.text was dropped (port taken).');
    // Every code has an English text, and none is left with a placeholder when its parameters are given.
    for (const code of FLOW_NOTE_CODES) {
      const names = [...FLOW_NOTE_MESSAGES[code].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
      expect(flowNote(code, Object.fromEntries(names.map((n) => [n, 'x']))).message, code).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('turn an LLM’s sentences into planner notes', () => {
    expect(zFlowProposal.parse({ steps: [], notes: ['No music.'] }).notes).toEqual([{ code: 'planner_note', params: { text: 'No music.' }, message: 'No music.' }]);
  });
});
