import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connect, flowEdgesOf, flowNodesOf, readFlow, readRuns, removeFlowNode, stepFromLineage, updateFlowNode, writeFlowNode, writeStepRun } from './document.ts';
import { planRun, signatures, stepStates } from './graph.ts';

function teaserDoc(): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeFlowNode(doc, { id: 'p', type: 'input', port: 'text', value: 'a lighthouse at dusk', x: 0, y: 0 });
    writeFlowNode(doc, { id: 'img', type: 'step', kind: 'text_to_image', settings: { aspectRatio: '16:9' }, x: 300, y: 0 });
    writeFlowNode(doc, { id: 'vid', type: 'step', kind: 'image_to_video', settings: { duration: 5 }, x: 600, y: 0 });
  });
  expect(connect(doc, { id: 'e1', from: 'p', to: 'img', toPort: 'prompt' })).toBeNull();
  expect(connect(doc, { id: 'e2', from: 'img', to: 'vid', toPort: 'image' })).toBeNull();
  return doc;
}

/** Two replicas of one document, kept in sync like two browsers through the collaboration server. */
function pair(doc: Y.Doc): [Y.Doc, Y.Doc] {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  doc.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(other, update, 'remote'));
  other.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(doc, update, 'remote'));
  return [doc, other];
}

describe('flows in the project document', () => {
  it('reads back what was written, as a graph the rules accept', () => {
    const flow = readFlow(teaserDoc());
    expect(flow.nodes.map((n) => n.id)).toEqual(['img', 'p', 'vid']);
    expect(flow.edges).toEqual([
      { id: 'e1', from: 'p', to: 'img', toPort: 'prompt' },
      { id: 'e2', from: 'img', to: 'vid', toPort: 'image' },
    ]);
    expect(planRun(flow, {}, { kind: 'all' }).run).toEqual(['img', 'vid']);
  });

  it('refuses a wire of the wrong type, into an unknown port, or closing a loop; rewires a taken port', () => {
    const doc = teaserDoc();
    expect(connect(doc, { id: 'bad', from: 'img', to: 'vid', toPort: 'prompt' })).toBe('type_mismatch');
    expect(connect(doc, { id: 'bad2', from: 'vid', to: 'img', toPort: 'image' })).toBe('unknown_port');
    writeFlowNode(doc, { id: 'i2i', type: 'step', kind: 'image_to_image', settings: {}, x: 0, y: 300 });
    expect(connect(doc, { id: 'e3', from: 'img', to: 'i2i', toPort: 'image' })).toBeNull();
    writeFlowNode(doc, { id: 'i2i-b', type: 'step', kind: 'image_to_image', settings: {}, x: 0, y: 600 });
    expect(connect(doc, { id: 'e4', from: 'i2i', to: 'i2i-b', toPort: 'image' })).toBeNull();
    expect(connect(doc, { id: 'loop', from: 'i2i-b', to: 'i2i', toPort: 'image' })).toBe('cycle');
    expect(flowEdgesOf(doc).has('loop')).toBe(false);
    // A second wire into i2i's image port replaces the first.
    writeFlowNode(doc, { id: 'photo', type: 'input', port: 'image', value: 'uploads/u1/photo.png', x: 0, y: 900 });
    expect(connect(doc, { id: 'e5', from: 'photo', to: 'i2i', toPort: 'image' })).toBeNull();
    expect(readFlow(doc).edges.filter((e) => e.to === 'i2i').map((e) => e.id)).toEqual(['e5']);
  });

  it('two people edit one step at once: one moves it, one changes its settings; both changes stay', () => {
    const [a, b] = pair(teaserDoc());
    updateFlowNode(a, 'vid', { x: 640, y: 40 });
    updateFlowNode(b, 'vid', { settings: { duration: 10 } });
    for (const doc of [a, b]) expect(readFlow(doc).nodes.find((n) => n.id === 'vid')).toMatchObject({ x: 640, y: 40, settings: { duration: 10 } });
  });

  it('a run record written by the server marks steps fresh for everyone; a settings change makes them stale', () => {
    const [server, browser] = pair(teaserDoc());
    const flow = readFlow(server);
    const img = { status: 'succeeded' as const, signature: signatures(flow).get('img')!, outputs: ['gen/img.png'], taskIds: ['t1'], updatedAt: new Date(0).toISOString() };
    writeStepRun(server, 'img', img);
    const vidSig = signatures(flow, { img }).get('vid')!;
    writeStepRun(server, 'vid', { status: 'succeeded', signature: vidSig, outputs: ['gen/vid.mp4'], taskIds: ['t2'], updatedAt: new Date(0).toISOString() });
    expect(Object.fromEntries(stepStates(readFlow(browser), readRuns(browser)))).toEqual({ img: 'fresh', vid: 'fresh' });
    updateFlowNode(browser, 'img', { settings: { aspectRatio: '1:1' } });
    expect(Object.fromEntries(stepStates(readFlow(server), readRuns(server)))).toEqual({ img: 'stale', vid: 'stale' });
  });

  it('removing a node removes its wires and its run; invalid entries are skipped, not thrown on', () => {
    const doc = teaserDoc();
    writeStepRun(doc, 'img', { status: 'failed', signature: 'x', outputs: [], taskIds: [], updatedAt: new Date(0).toISOString() });
    removeFlowNode(doc, 'img');
    expect(readFlow(doc).edges).toEqual([]);
    expect(readRuns(doc)).toEqual({});
    const junk = new Y.Map<unknown>();
    junk.set('type', 'step');
    junk.set('kind', 'not_a_kind');
    flowNodesOf(doc).set('junk', junk);
    flowEdgesOf(doc).set('dangling', { id: 'dangling', from: 'junk', to: 'vid', toPort: 'image' });
    expect(readFlow(doc).nodes.map((n) => n.id)).toEqual(['p', 'vid']);
    expect(readFlow(doc).edges).toEqual([]);
  });

  it('turns a generated node into a step: its lineage becomes the settings', () => {
    expect(stepFromLineage({ id: 's1', kind: 'text_to_image', params: { prompt: 'fox', aspectRatio: '1:1', projectId: 'p1' }, x: 10, y: 20 })).toEqual({
      id: 's1',
      type: 'step',
      kind: 'text_to_image',
      settings: { prompt: 'fox', aspectRatio: '1:1' },
      x: 10,
      y: 20,
    });
    expect(stepFromLineage({ id: 's2', kind: 'nope', params: {}, x: 0, y: 0 })).toBeNull();
  });
});
