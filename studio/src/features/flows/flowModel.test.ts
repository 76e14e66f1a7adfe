import { signatures } from '@tessera/shared/flows';
import { asGraphNode, writeStepRun } from '@tessera/shared/flows/document';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TestCanvas } from '../canvas/engine/testing/TestCanvas.ts';
import {
  activeRunId,
  addInput,
  addStep,
  CARD_HEADER,
  CARD_WIDTH,
  cardHeight,
  inputPortPoint,
  mediaUrl,
  outputPortPoint,
  PORT_ROW,
  patchNode,
  readFlowView,
  removeNode,
  setStepSetting,
  settingFields,
  setVariations,
  turnIntoStep,
  wire,
  wireIssue,
} from './flowModel.ts';

const canvases = new Set<TestCanvas>();
afterEach(() => {
  canvases.forEach((c) => c.dispose());
  canvases.clear();
});

/** Ada and Bob, each with a canvas on their own copy of one document (relayed both ways, as the collaboration server does). */
function twoUsers() {
  const docs = [new Y.Doc(), new Y.Doc()];
  docs.forEach((doc, i) => doc.on('update', (update: Uint8Array, origin: unknown) => origin === 'remote' || Y.applyUpdate(docs[1 - i]!, update, 'remote')));
  const [a, b] = [
    { id: 'ua', name: 'Ada', color: '#f00' },
    { id: 'ub', name: 'Bob', color: '#00f' },
  ].map((user, i) => new TestCanvas({ doc: docs[i], user }));
  canvases.add(a!).add(b!);
  return { a: a!.manager, b: b!.manager };
}

/** A prompt → text-to-image → image-to-image flow in `m`'s document. */
function threeCards(m: TestCanvas['manager']) {
  const prompt = addInput(m.doc, m.localOrigin, 'text', { x: 0, y: 0 }, 'a red fox');
  const image = addStep(m.doc, m.localOrigin, 'text_to_image', { x: 400, y: 0 });
  const restyle = addStep(m.doc, m.localOrigin, 'image_to_image', { x: 800, y: 0 });
  return { prompt, image, restyle };
}

describe('flow edits on the canvas', () => {
  it('wires typed ports and refuses a wrong type or a loop, saying why', () => {
    const { a } = twoUsers();
    const { prompt, image, restyle } = threeCards(a);
    expect(wire(a.doc, a.localOrigin, prompt, image, 'prompt')).toBeNull();
    expect(wire(a.doc, a.localOrigin, image, restyle, 'image')).toBeNull();
    // A prompt cannot feed an image port; an image cannot feed a prompt.
    expect(wire(a.doc, a.localOrigin, prompt, restyle, 'image')).toBe('type_mismatch');
    expect(wireIssue(readFlowView(a.doc), image, restyle, 'prompt')).toBe('type_mismatch');
    // image_to_image → text_to_image has no image port to feed; a self-wire is a loop.
    expect(wire(a.doc, a.localOrigin, restyle, restyle, 'image')).toBe('cycle');
    const view = readFlowView(a.doc);
    expect(view.edges.map((e) => [e.from, e.to, e.toPort])).toEqual(
      expect.arrayContaining([
        [prompt, image, 'prompt'],
        [image, restyle, 'image'],
      ]),
    );
    expect(view.edges).toHaveLength(2);
    expect(view.states.get(image)).toBe('ready');
  });

  it("shows one person's edits to the other, and undo takes back only my own, one edit at a time", () => {
    const { a, b } = twoUsers();
    const { prompt, image } = threeCards(a);
    wire(a.doc, a.localOrigin, prompt, image, 'prompt');
    const mine = addInput(b.doc, b.localOrigin, 'image', { x: 0, y: 300 });
    expect(readFlowView(b.doc).nodes.map((n) => n.id)).toEqual(expect.arrayContaining([prompt, image, mine]));
    expect(readFlowView(b.doc).edges).toHaveLength(1);

    patchNode(a.doc, a.localOrigin, image, { x: 500, y: 40 });
    a.history.undo(); // the move
    expect(readFlowView(b.doc).nodes.find((n) => n.id === image)).toMatchObject({ x: 400, y: 0 });
    a.history.undo(); // the wire
    expect(readFlowView(b.doc).edges).toHaveLength(0);
    // Bob's input is not Ada's to undo.
    a.history.undo();
    a.history.undo();
    a.history.undo();
    expect(readFlowView(a.doc).nodes.map((n) => n.id)).toEqual([mine]);
    a.history.redo();
    expect(readFlowView(b.doc).nodes).toHaveLength(2);
  });

  it('marks a step and what follows it stale when its setting changes after a run', () => {
    const { a } = twoUsers();
    const { prompt, image, restyle } = threeCards(a);
    wire(a.doc, a.localOrigin, prompt, image, 'prompt');
    wire(a.doc, a.localOrigin, image, restyle, 'image');
    setStepSetting(a.doc, a.localOrigin, readFlowView(a.doc).nodes.find((n) => n.id === restyle) as never, 'prompt', 'watercolour');
    // The server writes each step's record (its origin is not mine: never undone by me).
    const before = readFlowView(a.doc);
    const server = { source: 'server' };
    const sign = (id: string) => before.runs[id]?.signature;
    expect(sign(image)).toBeUndefined();
    a.doc.transact(() => {
      for (const id of [image, restyle]) writeStepRun(a.doc, id, { status: 'succeeded', signature: stepSignature(a, id), outputs: [`${id}-out`], updatedAt: new Date().toISOString() });
    }, server);
    expect(readFlowView(a.doc).states.get(restyle)).toBe('fresh');
    expect(readFlowView(a.doc).states.get(image)).toBe('fresh');

    setStepSetting(a.doc, a.localOrigin, readFlowView(a.doc).nodes.find((n) => n.id === image) as never, 'aspectRatio', '16:9');
    const after = readFlowView(a.doc);
    expect(after.states.get(image)).toBe('stale');
    expect(after.states.get(restyle)).toBe('stale');

    removeNode(a.doc, a.localOrigin, restyle);
    expect(readFlowView(a.doc).runs[restyle]).toBeUndefined();
    a.history.undo();
    expect(readFlowView(a.doc).runs[restyle]?.outputs).toEqual([`${restyle}-out`]);
  });

  it('turns a generated node’s lineage into a step: its parameters become settings, its image is left to a port', () => {
    const { a } = twoUsers();
    const id = turnIntoStep(a.doc, a.localOrigin, { kind: 'image_to_image', params: { image: 'abc', prompt: 'noir city', strength: 0.8, model: 'm1', projectId: 'p' } }, { x: 10, y: 20 });
    const step = readFlowView(a.doc).nodes.find((n) => n.id === id);
    expect(step).toMatchObject({ type: 'step', kind: 'image_to_image', settings: { prompt: 'noir city', strength: 0.8 }, model: 'm1', x: 10, y: 20 });
    expect(step?.type === 'step' && 'image' in step.settings).toBe(false);
    expect(turnIntoStep(a.doc, a.localOrigin, { kind: 'not_a_kind', params: {} }, { x: 0, y: 0 })).toBeNull();
  });

  it('keeps a step’s variations within the fan-out limit, and drops them when both are cleared', () => {
    const { a } = twoUsers();
    const { image } = threeCards(a);
    const step = () => readFlowView(a.doc).nodes.find((n) => n.id === image) as Extract<ReturnType<typeof readFlowView>['nodes'][number], { type: 'step' }>;
    setVariations(a.doc, a.localOrigin, step(), { seeds: 40 });
    expect(step().variations).toEqual({ seeds: 16 });
    setVariations(a.doc, a.localOrigin, step(), { prompts: [' a fox ', '', 'a wolf'] });
    expect(step().variations).toEqual({ seeds: 16, prompts: ['a fox', 'a wolf'] });
    setVariations(a.doc, a.localOrigin, step(), { seeds: undefined });
    setVariations(a.doc, a.localOrigin, step(), { prompts: [] });
    expect(step().variations).toBeUndefined();
  });

  it('knows the run to cancel while a step is queued or running', () => {
    const { a } = twoUsers();
    const { image } = threeCards(a);
    expect(activeRunId(readFlowView(a.doc).runs)).toBeNull();
    writeStepRun(a.doc, image, { status: 'running', signature: 's', runId: 'r1', updatedAt: new Date().toISOString() });
    expect(activeRunId(readFlowView(a.doc).runs)).toBe('r1');
    expect(readFlowView(a.doc).states.get(image)).toBe('running');
  });
});

describe('a kind’s settings form', () => {
  it('reads the main fields from the kind’s schema, without ports, model or ids', () => {
    const fields = settingFields('image_to_image');
    expect(fields.map((f) => f.key)).toEqual(['prompt', 'style', 'strength']);
    expect(fields.find((f) => f.key === 'strength')).toMatchObject({ type: 'number', min: 0.1, max: 1, default: 0.6 });
    expect(settingFields('upscale').find((f) => f.key === 'scale')).toMatchObject({ type: 'choice', options: [2, 4], default: 2 });
    expect(settingFields('text_to_video').map((f) => f.key)).toEqual(expect.arrayContaining(['prompt', 'duration', 'aspectRatio', 'resolution']));
    expect(settingFields('lip_sync').map((f) => f.key)).not.toContain('video');
  });
});

describe('card geometry', () => {
  it('puts input ports on the left edge row by row and the output on the right, level with the header', () => {
    const { a } = twoUsers();
    const id = addStep(a.doc, a.localOrigin, 'lip_sync', { x: 100, y: 50 });
    const node = readFlowView(a.doc).nodes.find((n) => n.id === id)!;
    // lip_sync: text, image, video ports.
    expect(inputPortPoint(node, 'text')).toEqual({ x: 100, y: 50 + CARD_HEADER + PORT_ROW / 2 });
    expect(inputPortPoint(node, 'video')).toEqual({ x: 100, y: 50 + CARD_HEADER + 2 * PORT_ROW + PORT_ROW / 2 });
    expect(inputPortPoint(node, 'nope')).toBeNull();
    expect(outputPortPoint(node)).toEqual({ x: 100 + CARD_WIDTH, y: 50 + CARD_HEADER / 2 });
    expect(cardHeight(node, true)).toBeGreaterThan(cardHeight(node, false));
  });

  it('shows stored keys through /api/media and refuses what is not media', () => {
    expect(mediaUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(mediaUrl('javascript:alert(1)')).toBeNull();
    expect(mediaUrl(null)).toBeNull();
  });
});

/** The signature the server would record for a step now (the shared rule). */
function stepSignature(m: TestCanvas['manager'], id: string): string {
  return signaturesOf(m).get(id) ?? '';
}

function signaturesOf(m: TestCanvas['manager']) {
  const view = readFlowView(m.doc);
  return signatures({ nodes: view.nodes.map(asGraphNode), edges: view.edges }, view.runs);
}
