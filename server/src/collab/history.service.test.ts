import { CANVAS_META, nodesOf, readNodes, writeNode } from '@tessera/shared/canvas';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { replaceContent } from './history.service.ts';
import { topImageSrc } from './persistence.extension.ts';

const text = (id: string, value: string) =>
  ({ id, type: 'text', text: value, x: 0, y: 0, width: 10, height: 10, rotation: 0, z: 0, parentId: null, locked: false, fontSize: 32, fill: '#111827', align: 'left' }) as const;

describe('replaceContent (restoring a snapshot)', () => {
  it('makes the live canvas equal to the snapshot, as edits that reach other replicas', () => {
    const snapshot = new Y.Doc();
    writeNode(snapshot, text('a', 'old a'));
    writeNode(snapshot, text('b', 'old b'));
    snapshot.getMap(CANVAS_META).set('background', '#fff');

    const live = new Y.Doc();
    writeNode(live, text('a', 'new a'));
    writeNode(live, text('c', 'added later'));
    live.getMap(CANVAS_META).set('grid', true);
    // Another replica of the live document, kept in sync by updates only.
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(live));
    live.on('update', (update: Uint8Array) => Y.applyUpdate(replica, update));

    live.transact(() => replaceContent(live, snapshot));

    for (const doc of [live, replica]) {
      expect(readNodes(doc).map((n) => (n.type === 'text' ? `${n.id}:${n.text}` : n.id)).sort()).toEqual(['a:old a', 'b:old b']);
      expect(doc.getMap(CANVAS_META).toJSON()).toEqual({ background: '#fff' });
    }
    expect(nodesOf(live).has('c')).toBe(false);
  });
});

describe('topImageSrc (the automatic cover)', () => {
  const image = (id: string, src: string, z: number) => ({ id, type: 'image', src, x: 0, y: 0, width: 10, height: 10, rotation: 0, z, parentId: null, locked: false }) as const;

  it('is the top image among our own URLs, or null', () => {
    const doc = new Y.Doc();
    expect(topImageSrc(doc)).toBeNull();
    writeNode(doc, image('low', '/api/media/u/a/low.png', 1));
    writeNode(doc, image('top', '/api/media/u/a/top.png', 5));
    writeNode(doc, image('foreign', 'https://elsewhere.example/x.png', 9));
    writeNode(doc, image('protocol-relative', '//elsewhere.example/x.png', 9));
    writeNode(doc, text('t', 'not an image'));
    expect(topImageSrc(doc)).toBe('/api/media/u/a/top.png');
  });
});
