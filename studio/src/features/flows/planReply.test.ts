import { writeFlowNode, connect, readFlow } from '@tessera/shared/flows/document';
import { FLOW_NOTE_CODES, FLOW_NOTE_MESSAGES, flowNote, type FlowPlanNote } from '@tessera/shared/flows/plan';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import commonDe from '../../locales/de/common.json';
import flowsDe from '../../locales/de/flows.json';
import common from '../../locales/en/common.json';
import flows from '../../locales/en/flows.json';
import { mediaKeyOf, noteText, proposalScope, removeProposal } from './planReply.ts';

async function translator(lng: 'en' | 'de'): Promise<TFunction<['flows', 'common']>> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { en: { flows, common }, de: { flows: flowsDe, common: commonDe } }, defaultNS: 'flows', interpolation: { escapeValue: false } });
  return i18n.t as TFunction<['flows', 'common']>;
}

/** Stand-in values for every parameter a note's English names. */
const sample = (code: keyof typeof FLOW_NOTE_MESSAGES): FlowPlanNote => {
  const names = [...FLOW_NOTE_MESSAGES[code].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
  const values: Record<string, string | number> = { kind: 'image_to_video', problem: 'type_mismatch', port: 'video', max: 10, duration: 10, asked: 15, count: 16 };
  return flowNote(code, Object.fromEntries(names.map((n) => [n, values[n] ?? `x-${n}`])));
};

describe('planner notes in my language', () => {
  it.each(['en', 'de'] as const)('%s: every code reads as a sentence with its parameters, kinds and wire problems by their names', async (lng) => {
    const t = await translator(lng);
    for (const code of FLOW_NOTE_CODES) {
      const text = noteText(t, sample(code));
      expect(text, code).not.toMatch(/\{\{|\}\}|planner\.notes/);
      expect(text.trim(), code).not.toBe('');
    }
    const kind = noteText(t, flowNote('kind_not_offered', { kind: 'lip_sync' }));
    expect(kind).toContain(t('common:kinds.lip_sync'));
    expect(kind).not.toContain('lip_sync');
    expect(noteText(t, flowNote('wire_dropped', { from: 'a', to: 'b', port: 'text', problem: 'port_taken' }))).toContain(t('refused.port_taken'));
  });

  it('is German in German, and a planning model’s own words stay as written', async () => {
    const de = await translator('de');
    expect(noteText(de, flowNote('clip_shortened', { max: 10, duration: 10, asked: 15 }))).toBe('Ein Clip dauert hier höchstens 10 Sekunden: Der Flow erstellt einen 10-Sekunden-Clip statt der gewünschten 15 Sekunden.');
    expect(noteText(de, flowNote('planner_note', { text: 'No music was added.' }))).toBe('No music was added.');
  });

  it('falls back to the English message for a code this studio does not know', async () => {
    const t = await translator('de');
    expect(noteText(t, { code: 'from_a_newer_server' as never, params: {}, message: 'Something new.' })).toBe('Something new.');
  });
});

describe('what a brief starts from and what a review prices', () => {
  it('takes our own stored images only', () => {
    expect(mediaKeyOf('/api/media/u/alice/photo.png')).toBe('u/alice/photo.png');
    expect(mediaKeyOf('u/alice/photo.png')).toBe('u/alice/photo.png');
    expect(mediaKeyOf('https://example.com/photo.png')).toBeNull();
    expect(mediaKeyOf(null)).toBeNull();
  });

  it('prices the first step and what follows when that reaches every proposed step, else the whole flow', () => {
    const chain = { steps: [{ id: 's1', kind: 'image_to_video' as const }, { id: 's2', kind: 'lip_sync' as const }] };
    const edges = [
      { from: 'photo', to: 's1' },
      { from: 's1', to: 's2' },
      { from: 'narration', to: 's2' },
    ];
    expect(proposalScope(chain, edges)).toEqual({ kind: 'downstream', stepId: 's1' });
    const branches = { steps: [...chain.steps, { id: 's3', kind: 'upscale' as const }] };
    expect(proposalScope(branches, [...edges, { from: 'photo', to: 's3' }])).toEqual({ kind: 'all' });
    expect(proposalScope({ steps: [] }, [])).toEqual({ kind: 'all' });
  });
});

describe('undoing a proposal', () => {
  it('removes its cards and wires in one step of my history, leaving the rest of the flow', () => {
    const doc = new Y.Doc();
    const mine = { source: 'canvas-local' };
    const history = new Y.UndoManager([doc.getMap('flowNodes'), doc.getMap('flowEdges')], { trackedOrigins: new Set([mine]) });
    // The server draws the proposal (another origin: not in my history).
    doc.transact(() => {
      writeFlowNode(doc, { id: 'keep', type: 'input', port: 'text', value: 'mine', x: 0, y: 0 });
      writeFlowNode(doc, { id: 'photo', type: 'input', port: 'image', value: 'u/alice/photo.png', x: 0, y: 0 });
      writeFlowNode(doc, { id: 's1', type: 'step', kind: 'image_to_video', settings: {}, x: 300, y: 0 });
      connect(doc, { id: 'e1', from: 'photo', to: 's1', toPort: 'image' });
    }, 'server');
    expect(history.undoStack).toHaveLength(0);
    removeProposal(doc, mine, ['photo', 's1', 'gone-already']);
    expect(readFlow(doc).nodes.map((n) => n.id)).toEqual(['keep']);
    expect(readFlow(doc).edges).toEqual([]);
    expect(history.undoStack).toHaveLength(1);
    history.undo();
    expect(readFlow(doc).nodes.map((n) => n.id).sort()).toEqual(['keep', 'photo', 's1']);
    expect(readFlow(doc).edges.map((e) => e.id)).toEqual(['e1']);
  });
});
