import type { CanvasNode } from '@tessera/shared/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeAabb, overlaps } from './geometry.ts';
import { TestCanvas } from './testing/TestCanvas.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

describe('placing media', () => {
  it('places uploads centred on the point, side by side, at most 512 wide, aspect kept, selected', () => {
    canvas = new TestCanvas();
    const ids = canvas.manager.placeMedia(
      [
        { src: '/api/media/a.png', width: 1024, height: 768, mediaType: 'image' },
        { src: '/api/media/b.mp4', width: 320, height: 240, mediaType: 'video', poster: '/api/media/b.jpg' },
      ],
      { x: 1000, y: 500 },
    );
    expect(ids).toHaveLength(2);
    const [a, b] = ids.map((id) => canvas.node(id));
    // Row: 512 + 24 + 320 = 856 wide, centred on x = 1000.
    expect(a).toMatchObject({ type: 'image', src: '/api/media/a.png', x: 572, y: 308, width: 512, height: 384, createdBy: 'u1' });
    expect(b).toMatchObject({ type: 'video', poster: '/api/media/b.jpg', x: 1108, y: 380, width: 320, height: 240 });
    expect(canvas.selected).toEqual(ids);
    // One undo step removes both.
    canvas.shortcut('mod+z');
    expect(canvas.nodes()).toEqual([]);
  });

  it('media dropped into a frame lands in it', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', x: 0, y: 0, width: 2000, height: 2000 });
    const [id] = canvas.manager.placeMedia([{ src: '/api/media/a.png', width: 100, height: 100, mediaType: 'image' }], { x: 500, y: 500 });
    expect(canvas.node(id as string)?.parentId).toBe('f');
  });
});

describe('findFreeSpot', () => {
  it('goes right of the anchor with a 24 gap, past whatever is in the way, without overlapping anything', () => {
    canvas = new TestCanvas();
    const [anchorNode] = canvas.createNodes({ type: 'image', id: 'anchor', x: 0, y: 0, width: 512, height: 512 });
    const m = canvas.manager;
    const anchor = nodeAabb(anchorNode as CanvasNode);
    expect(m.findFreeSpot(anchor, { width: 512, height: 512 })).toEqual({ x: 536, y: 0, width: 512, height: 512 });
    canvas.createNodes({ type: 'image', x: 536, y: 100, width: 512, height: 512 }, { type: 'image', x: 1100, y: -200, width: 300, height: 300 });
    const spot = m.findFreeSpot(anchor, { width: 512, height: 512 });
    expect(spot.y).toBe(0);
    expect(spot.x).toBe(1424);
    for (const n of m.store.all()) expect(overlaps(nodeAabb(n), spot)).toBe(false);
  });

  it('moves down a row when the row is full', () => {
    canvas = new TestCanvas();
    // A wall to the right: 20 nodes in a row, the free-spot search gives up on the row and goes down.
    canvas.createNodes(...Array.from({ length: 21 }, (_, i) => ({ type: 'image' as const, x: i * 536, y: 0, width: 512, height: 512 })));
    const spot = canvas.manager.findFreeSpot({ x: 0, y: 0, width: 512, height: 512 }, { width: 256, height: 256 });
    expect(spot.y).toBeGreaterThan(0);
    for (const n of canvas.manager.store.all()) expect(overlaps(nodeAabb(n), spot)).toBe(false);
  });
});

describe('manager actions and input', () => {
  it('addNodes / updateNodes / deleteNodes are one undo step each; addNodes stacks new nodes on top', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'old', z: 7 });
    const m = canvas.manager;
    m.addNodes([
      { id: 'a', type: 'shape', shape: 'rect', x: 0, y: 0, width: 10, height: 10 },
      { id: 'b', type: 'text', text: 'hi', x: 0, y: 0, width: 10, height: 10 },
    ]);
    expect(canvas.node('a')?.z).toBe(8);
    expect(canvas.node('b')?.z).toBe(9);
    m.updateNodes({ a: { x: 50 }, b: { name: 'Title' }, gone: { x: 1 } });
    expect(canvas.node('a')?.x).toBe(50);
    expect(canvas.node('b')?.name).toBe('Title');
    m.deleteNodes(['a', 'b']);
    expect(canvas.nodes().map((n) => n.id)).toEqual(['old']);
    canvas.shortcut('mod+z');
    expect(canvas.node('b')?.name).toBe('Title');
    canvas.shortcut('mod+z');
    expect(canvas.node('b')?.name).toBeUndefined();
    canvas.shortcut('mod+z');
    expect(canvas.nodes().map((n) => n.id)).toEqual(['old']);
  });

  it('double click activates the node under the pointer; right click selects it for the context menu', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'video', id: 'v', x: 0, y: 0 }, { type: 'shape', id: 's', x: 200, y: 0 });
    canvas.manager.doubleClick({ x: 50, y: 50 });
    expect(canvas.emitted('nodeActivated')).toEqual([{ nodeId: 'v', type: 'video' }]);
    canvas.select('v');
    canvas.pointerDown(250, 50, { button: 2 }).pointerUp(250, 50, { button: 2 });
    expect(canvas.selected).toEqual(['s']);
    canvas.expectToBeIn('select.idle');
  });

  it('dispose releases the document listeners', () => {
    canvas = new TestCanvas();
    const m = canvas.manager;
    m.dispose();
    canvas.createNodes({ type: 'shape' });
    expect(m.store.count()).toBe(0);
  });
});
