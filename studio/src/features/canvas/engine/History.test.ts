import { nodesOf, resolvePlaceholder } from '@tessera/shared/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TestCanvas } from './testing/TestCanvas.ts';

const open: TestCanvas[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.dispose();
});

/** Two users on two documents kept in sync both ways, as through the collaboration server. */
function twoUsers() {
  const docA = new Y.Doc();
  const docB = new Y.Doc();
  docA.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(docB, update, 'remote');
  });
  docB.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(docA, update, 'remote');
  });
  const a = new TestCanvas({ doc: docA, user: { id: 'ua', name: 'Ada', color: '#f00' } });
  const b = new TestCanvas({ doc: docB, user: { id: 'ub', name: 'Bob', color: '#00f' } });
  open.push(a, b);
  return { a, b };
}

describe('undo per user', () => {
  it("undo in A's canvas undoes only A's change, never B's", () => {
    const { a, b } = twoUsers();
    a.createNodes({ type: 'shape', id: 's1', x: 0, y: 0 }, { type: 'shape', id: 's2', x: 300, y: 0 });
    expect(b.node('s1')).toBeDefined();
    // A moves s1, then B moves s2.
    a.drag({ x: 50, y: 50 }, { x: 150, y: 50 });
    b.drag({ x: 350, y: 50 }, { x: 350, y: 250 });
    expect(a.node('s2')).toMatchObject({ x: 300, y: 200 });
    expect(a.manager.history.canUndo).toBe(true);
    a.shortcut('mod+z');
    // A's move is undone everywhere; B's stays.
    expect(a.node('s1')).toMatchObject({ x: 0, y: 0 });
    expect(b.node('s1')).toMatchObject({ x: 0, y: 0 });
    expect(a.node('s2')).toMatchObject({ x: 300, y: 200 });
    // A has nothing more to undo (B's change is not A's).
    expect(a.manager.history.canUndo).toBe(false);
    expect(a.shortcut('mod+z')).toBe(false);
    expect(b.node('s2')).toMatchObject({ x: 300, y: 200 });
    a.shortcut('mod+y');
    expect(b.node('s1')).toMatchObject({ x: 100, y: 0 });
  });

  it("a server write (a generation result) is never undone: undo takes back only the user's own move", () => {
    const { a, b } = twoUsers();
    a.createNodes({ type: 'placeholder', id: 'p', x: 0, y: 0, width: 200, height: 200 });
    a.drag({ x: 100, y: 100 }, { x: 300, y: 100 });
    expect(a.node('p')).toMatchObject({ type: 'placeholder', x: 200 });
    // The server resolves the placeholder in its own transaction (another origin), on B's side.
    resolvePlaceholder(b.doc, 'p', { mediaType: 'image', src: '/api/media/out.png', width: 1024, height: 512, finishedAt: '2024-01-01T00:00:10Z' });
    expect(a.node('p')).toMatchObject({ type: 'image', x: 200, height: 100 });
    a.shortcut('mod+z');
    expect(a.node('p')).toMatchObject({ type: 'image', src: '/api/media/out.png', x: 0, height: 100 });
    expect(nodesOf(b.doc).get('p')?.get('x')).toBe(0);
  });
});
