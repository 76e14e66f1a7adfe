import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type CanvasNode, failPlaceholder, type Lineage, nodesOf, readNode, readNodes, resolvePlaceholder, topZ, updateNode, writeNode } from './document.ts';

const lineage = (over: Partial<Lineage> = {}): Lineage => ({
  taskId: 't1',
  kind: 'text_to_image',
  prompt: 'a lighthouse',
  params: { prompt: 'a lighthouse' },
  cost: 4,
  parentNodeId: null,
  requestedBy: { id: 'u1', name: 'Ada' },
  createdAt: '2026-11-22T00:00:00.000Z',
  versions: [],
  ...over,
});

const placeholder = (id = 'p1'): CanvasNode => ({
  id,
  type: 'placeholder',
  x: 10,
  y: 20,
  width: 512,
  height: 512,
  rotation: 0,
  z: 3,
  parentId: null,
  locked: false,
  output: 'image',
  status: 'queued',
  generation: lineage(),
});

/** A second replica that receives every update of the first, like a collaborator would. */
function replicaOf(doc: Y.Doc): Y.Doc {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  doc.on('update', (update: Uint8Array) => Y.applyUpdate(other, update));
  return other;
}

describe('the project document', () => {
  it('keeps both of two concurrent edits to different fields of one node', () => {
    const a = new Y.Doc();
    writeNode(a, placeholder());
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    updateNode(a, 'p1', { x: 100 });
    updateNode(b, 'p1', { name: 'Hero shot' });
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) expect(readNodes(doc)[0]).toMatchObject({ x: 100, name: 'Hero shot' });
  });

  it('ignores entries that are not valid nodes instead of failing the whole canvas', () => {
    const doc = new Y.Doc();
    writeNode(doc, placeholder());
    const broken = new Y.Map<unknown>();
    broken.set('type', 'image');
    nodesOf(doc).set('broken', broken);
    expect(readNodes(doc).map((n) => n.id)).toEqual(['p1']);
    expect(readNode(broken)).toBeNull();
  });

  it('turns a placeholder into its image in place, following the output aspect ratio', () => {
    const doc = new Y.Doc();
    writeNode(doc, placeholder());
    const seen = replicaOf(doc);
    expect(resolvePlaceholder(doc, 'p1', { mediaType: 'image', src: '/api/media/u/a/b.png', width: 1024, height: 768, engine: 'local', creationId: 'c1', finishedAt: 'now' })).toBe(true);
    const node = readNodes(seen)[0];
    expect(node).toMatchObject({ id: 'p1', type: 'image', src: '/api/media/u/a/b.png', x: 10, y: 20, width: 512, height: 384 });
    expect(node?.type === 'image' && node.generation).toMatchObject({ engine: 'local', creationId: 'c1', prompt: 'a lighthouse', versions: [] });
    expect(nodesOf(seen).get('p1')?.has('status')).toBe(false);
  });

  it('does not recreate a placeholder someone deleted', () => {
    const doc = new Y.Doc();
    expect(resolvePlaceholder(doc, 'gone', { mediaType: 'image', src: '/x.png', finishedAt: 'now' })).toBe(false);
    expect(failPlaceholder(doc, 'gone', { code: 'X', message: 'x' })).toBe(false);
    expect(readNodes(doc)).toEqual([]);
  });

  it('marks a failed placeholder with the catalogue message', () => {
    const doc = new Y.Doc();
    writeNode(doc, placeholder());
    failPlaceholder(doc, 'p1', { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' });
    expect(readNodes(doc)[0]).toMatchObject({ type: 'placeholder', status: 'failed', error: { message: 'Image generation failed.' } });
  });

  it('keeps the previous result of a regenerated node as a version, and restores it when the new attempt fails', () => {
    const doc = new Y.Doc();
    const previous = { mediaType: 'image' as const, src: '/api/media/u/a/old.png', height: 300, taskId: 't0', createdAt: 'then' };
    writeNode(doc, { ...placeholder(), previous } as CanvasNode);
    resolvePlaceholder(doc, 'p1', { mediaType: 'image', src: '/api/media/u/a/new.png', finishedAt: 'now' });
    const done = readNodes(doc)[0];
    expect(done?.type === 'image' && done.generation?.versions.map((v) => v.src)).toEqual(['/api/media/u/a/old.png']);

    writeNode(doc, { ...placeholder('p2'), previous } as CanvasNode);
    failPlaceholder(doc, 'p2', { code: 'IMAGE_GENERATION_FAILED', message: 'failed' });
    expect(readNodes(doc).find((n) => n.id === 'p2')).toMatchObject({ type: 'image', src: '/api/media/u/a/old.png', height: 300 });
  });

  it('reports the top of the stacking order', () => {
    const doc = new Y.Doc();
    expect(topZ(doc)).toBe(0);
    writeNode(doc, placeholder());
    expect(topZ(doc)).toBe(3);
  });
});
