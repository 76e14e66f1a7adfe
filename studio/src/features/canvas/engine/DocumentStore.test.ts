import { nodesOf, updateNode, writeNode, zFrameNode, zShapeNode } from '@tessera/shared/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentStore } from './DocumentStore.ts';

const stores: DocumentStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.dispose();
});

const shape = (id: string, extra: Record<string, unknown> = {}) => zShapeNode.parse({ id, type: 'shape', shape: 'rect', x: 0, y: 0, width: 100, height: 100, ...extra });

function setup() {
  const doc = new Y.Doc();
  const origin = {};
  const store = new DocumentStore(doc, origin);
  stores.push(store);
  const changes: { upserted: string[]; removed: string[] }[] = [];
  store.subscribeChanges((c) => changes.push(c));
  return { doc, origin, store, changes };
}

describe('DocumentStore', () => {
  it('mirrors the Yjs nodes map incrementally, reporting only what changed', () => {
    const { doc, store, changes } = setup();
    doc.transact(() => {
      writeNode(doc, shape('a'));
      writeNode(doc, shape('b', { x: 500 }));
    });
    expect(changes).toEqual([{ upserted: ['a', 'b'], removed: [] }]);
    updateNode(doc, 'b', { x: 600 });
    expect(changes.at(-1)).toEqual({ upserted: ['b'], removed: [] });
    expect(store.get('b')?.x).toBe(600);
    nodesOf(doc).delete('a');
    expect(changes.at(-1)).toEqual({ upserted: [], removed: ['a'] });
    expect(store.count()).toBe(1);
    expect(store.query({ x: 0, y: 0, width: 50, height: 50 })).toEqual([]);
  });

  it('ignores invalid nodes (and forgets a node that becomes invalid)', () => {
    const { doc, store } = setup();
    const bad = new Y.Map<unknown>();
    bad.set('id', 'bad');
    bad.set('type', 'shape');
    nodesOf(doc).set('bad', bad);
    writeNode(doc, shape('ok'));
    expect(store.all().map((n) => n.id)).toEqual(['ok']);
    updateNode(doc, 'ok', { width: -5 });
    expect(store.get('ok')).toBeUndefined();
    updateNode(doc, 'ok', { width: 5 });
    expect(store.get('ok')?.width).toBe(5);
  });

  it('a preview changes what is drawn and queried, not the document; a remote edit under a preview keeps both', () => {
    const { doc, store, changes } = setup();
    writeNode(doc, shape('a'));
    store.setPreview(new Map([['a', { x: 1000 }]]));
    expect(changes.at(-1)).toEqual({ upserted: ['a'], removed: [] });
    expect(store.get('a')?.x).toBe(1000);
    expect(store.committed('a')?.x).toBe(0);
    expect(nodesOf(doc).get('a')?.get('x')).toBe(0);
    expect(store.query({ x: 1000, y: 0, width: 10, height: 10 }).map((n) => n.id)).toEqual(['a']);
    expect(store.query({ x: 0, y: 0, width: 10, height: 10 })).toEqual([]);
    updateNode(doc, 'a', { fill: '#000000' });
    expect(store.get('a')).toMatchObject({ x: 1000, fill: '#000000' });
    store.setPreview(null);
    expect(store.get('a')).toMatchObject({ x: 0, fill: '#000000' });
  });

  it('commit writes one transaction with the local origin; commitPatches skips unchanged fields', () => {
    const { doc, origin, store } = setup();
    const origins: unknown[] = [];
    doc.on('afterTransaction', (tx: Y.Transaction) => origins.push(tx.origin));
    store.commit((tx) => {
      tx.set(shape('a'));
      tx.set(shape('b'));
      tx.patch('a', { x: 5 });
      tx.remove('b');
    });
    expect(origins).toEqual([origin]);
    expect(store.all().map((n) => n.id)).toEqual(['a']);
    expect(store.commitPatches(new Map([['a', { x: 5, y: 0 }]]))).toBe(false);
    expect(origins).toHaveLength(1);
    expect(store.commitPatches(new Map([['a', { x: 6 }]]))).toBe(true);
    expect(store.get('a')?.x).toBe(6);
  });

  it('draw order: siblings by z, frame children right above their frame, even with a lower z', () => {
    const { doc, store } = setup();
    doc.transact(() => {
      writeNode(doc, shape('top', { z: 10 }));
      writeNode(doc, shape('x', { z: 1 }));
      writeNode(doc, zFrameNode.parse({ id: 'f', type: 'frame', x: 0, y: 0, width: 100, height: 100, z: 5 }));
      writeNode(doc, shape('child', { z: 0, parentId: 'f' }));
      // A child of a missing frame draws as a top-level node.
      writeNode(doc, shape('orphan', { z: 7, parentId: 'gone' }));
    });
    expect(store.all().map((n) => n.id)).toEqual(['x', 'f', 'child', 'orphan', 'top']);
    expect(store.hitTest({ x: 50, y: 50 })?.id).toBe('top');
    expect(store.hitTest({ x: 50, y: 50 }, (n) => n.type === 'frame')?.id).toBe('f');
    expect(store.topZ()).toBe(10);
  });

  it('a parent cycle from concurrent edits still draws every node', () => {
    const { doc, store } = setup();
    doc.transact(() => {
      writeNode(doc, shape('a', { parentId: 'b' }));
      writeNode(doc, shape('b', { parentId: 'a' }));
      writeNode(doc, shape('c', { parentId: 'a' }));
    });
    expect(store.all().map((n) => n.id).sort()).toEqual(['a', 'b', 'c']);
  });
});
