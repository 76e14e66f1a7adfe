import { nodesOf } from '@tessera/shared/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { handlesFor } from '../handles.ts';
import { TestCanvas } from '../testing/TestCanvas.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

/** Counts Yjs transactions that changed the document. */
function countUpdates(c: TestCanvas): () => number {
  let n = 0;
  c.doc.on('update', () => n++);
  return () => n;
}

describe('selecting', () => {
  it('click selects the node under the pointer, click on empty canvas deselects', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 }, { type: 'shape', x: 300, y: 100 });
    canvas.pointerDown(150, 150).expectToBeIn('select.pointing');
    canvas.pointerUp(150, 150).expectToBeIn('select.idle');
    expect(canvas.selected).toEqual(['n1']);
    canvas.click(350, 150);
    expect(canvas.selected).toEqual(['n2']);
    canvas.click(700, 700);
    expect(canvas.selected).toEqual([]);
  });

  it('shift-click adds and removes nodes', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 }, { type: 'shape', x: 300, y: 100 });
    canvas.click(150, 150).click(350, 150, { shift: true });
    expect(canvas.selected).toEqual(['n1', 'n2']);
    canvas.click(150, 150, { shift: true });
    expect(canvas.selected).toEqual(['n2']);
  });

  it('the topmost node wins, and a frame child is selected rather than its frame', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100, z: 5 }, { type: 'shape', x: 150, y: 150, z: 1 });
    canvas.click(175, 175);
    expect(canvas.selected).toEqual(['n1']);
    // The child's z is below the frame's: it still draws (and hit-tests) above its frame.
    canvas.createNodes({ type: 'frame', id: 'f', x: 500, y: 100, width: 300, height: 300, z: 10 }, { type: 'image', id: 'c', x: 550, y: 150, parentId: 'f', z: 0 });
    canvas.click(600, 200);
    expect(canvas.selected).toEqual(['c']);
    canvas.click(750, 350);
    expect(canvas.selected).toEqual(['f']);
  });

  it('hit-testing respects rotation', () => {
    canvas = new TestCanvas();
    // A 200×20 bar turned 90° about its top-left corner points down from (300, 100).
    canvas.createNodes({ type: 'shape', x: 300, y: 100, width: 200, height: 20, rotation: 90 });
    canvas.click(450, 110);
    expect(canvas.selected).toEqual([]);
    canvas.click(290, 250);
    expect(canvas.selected).toEqual(['n1']);
  });

  it('marquee selects what it touches; with shift it adds to the selection', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 }, { type: 'shape', x: 300, y: 100 }, { type: 'shape', x: 600, y: 500 });
    canvas.pointerDown(50, 50).pointerMove(80, 80).expectToBeIn('select.marquee');
    canvas.pointerMove(320, 160);
    expect(canvas.manager.overlay.value.marquee).toEqual({ x: 50, y: 50, width: 270, height: 110 });
    canvas.pointerUp(320, 160);
    expect(canvas.selected).toEqual(['n1', 'n2']);
    expect(canvas.manager.overlay.value.marquee).toBeNull();
    canvas.drag({ x: 580, y: 480 }, { x: 650, y: 550 }, { shift: true });
    expect(canvas.selected).toEqual(['n1', 'n2', 'n3']);
    canvas.drag({ x: 580, y: 480 }, { x: 650, y: 550 });
    expect(canvas.selected).toEqual(['n3']);
  });
});

describe('moving', () => {
  it('a drag moves the selection in ONE Yjs transaction, previewed until release, undone in one step', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 }, { type: 'shape', x: 300, y: 100 });
    canvas.select('n1', 'n2');
    const updates = countUpdates(canvas);
    canvas.pointerDown(150, 150).pointerMove(170, 160).expectToBeIn('select.dragging');
    canvas.pointerMove(190, 190);
    // The gesture only changes the preview: collaborators see nothing yet.
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(canvas.manager.store.get('n1')).toMatchObject({ x: 140, y: 140 });
    canvas.pointerMove(200, 250).pointerUp(200, 250, {}).expectToBeIn('select.idle');
    expect(updates()).toBe(1);
    expect(canvas.node('n1')).toMatchObject({ x: 150, y: 200 });
    expect(canvas.node('n2')).toMatchObject({ x: 350, y: 200 });
    canvas.shortcut('mod+z');
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(canvas.node('n2')).toMatchObject({ x: 300, y: 100 });
    canvas.shortcut('shift+mod+z');
    expect(canvas.node('n2')).toMatchObject({ x: 350, y: 200 });
  });

  it('snaps the moved edges to a neighbour within 6 screen pixels and shows the guide; mod disables it', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 }, { type: 'shape', x: 400, y: 300, width: 100, height: 100 });
    // Left edge lands at 396: 4 px from the neighbour's left edge (400) → snaps to 400.
    canvas.drag({ x: 150, y: 150 }, { x: 446, y: 550 }, { steps: 2 });
    expect(canvas.node('n1')).toMatchObject({ x: 400, y: 500 });
    // While dragging the guide is shown; after release it is gone.
    canvas.pointerDown(450, 550).pointerMove(455, 600).pointerMove(453, 600);
    expect(canvas.manager.overlay.value.guides.vertical).toContain(400);
    canvas.pointerUp(453, 600);
    expect(canvas.manager.overlay.value.guides.vertical).toEqual([]);
    expect(canvas.node('n1')?.x).toBe(400);
    // Zoomed in ×2, 6 screen px are 3 canvas units: 4 units away no longer snaps.
    canvas.setCamera({ x: 0, y: 0, zoom: 2 });
    canvas.drag({ x: 900, y: 1200 }, { x: 908, y: 1400 });
    expect(canvas.node('n1')).toMatchObject({ x: 404, y: 650 });
    canvas.drag({ x: 900, y: 1400 }, { x: 906, y: 1500 }, { mod: true });
    expect(canvas.node('n1')).toMatchObject({ x: 407, y: 700 });
  });

  it('moving a frame moves its children', () => {
    canvas = new TestCanvas();
    canvas.createNodes(
      { type: 'frame', id: 'f', x: 100, y: 100, width: 400, height: 400 },
      { type: 'image', id: 'a', x: 150, y: 150, parentId: 'f' },
      { type: 'text', id: 't', x: 300, y: 300, parentId: 'f' },
    );
    canvas.click(120, 120);
    expect(canvas.selected).toEqual(['f']);
    canvas.drag({ x: 120, y: 120 }, { x: 220, y: 170 });
    expect(canvas.node('f')).toMatchObject({ x: 200, y: 150 });
    expect(canvas.node('a')).toMatchObject({ x: 250, y: 200, parentId: 'f' });
    expect(canvas.node('t')).toMatchObject({ x: 400, y: 350, parentId: 'f' });
  });

  it('dropping a node with its centre inside a frame puts it in the frame; dragging it out takes it out', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', x: 400, y: 100, width: 400, height: 400, z: 1 }, { type: 'image', id: 'a', x: 100, y: 100, z: 2 });
    canvas.drag({ x: 150, y: 150 }, { x: 550, y: 250 }, { mod: true });
    expect(canvas.node('a')).toMatchObject({ x: 500, y: 200, parentId: 'f' });
    canvas.drag({ x: 550, y: 250 }, { x: 150, y: 650 }, { mod: true });
    expect(canvas.node('a')).toMatchObject({ x: 100, y: 600, parentId: null });
  });

  it('locked nodes can be selected but do not move', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100, locked: true });
    const updates = countUpdates(canvas);
    canvas.drag({ x: 150, y: 150 }, { x: 300, y: 300 });
    expect(canvas.selected).toEqual(['n1']);
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(updates()).toBe(0);
  });

  it('escape abandons a drag and leaves the document untouched', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 });
    canvas.pointerDown(150, 150).pointerMove(250, 250);
    expect(canvas.keyDown('Escape')).toBe(true);
    canvas.expectToBeIn('select.idle');
    canvas.pointerUp(250, 250);
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(canvas.manager.store.get('n1')).toMatchObject({ x: 100, y: 100 });
  });
});

describe('resizing and rotating', () => {
  const handle = (c: TestCanvas, id: string) => {
    const n = c.manager.store.get(c.selected[0] as string);
    if (!n) throw new Error('nothing selected');
    return handlesFor(n, n.rotation, 1).find((h) => h.id === id)?.point as { x: number; y: number };
  };

  it("dragging an image's 'se' handle keeps its aspect ratio; a shape resizes freely; shift keeps a shape's", () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'image', x: 100, y: 100, width: 200, height: 100 }, { type: 'shape', x: 500, y: 100, width: 100, height: 100 });
    canvas.click(150, 150);
    const se = handle(canvas, 'se');
    expect(se).toEqual({ x: 300, y: 200 });
    canvas.pointerDown(se.x, se.y).pointerMove(350, 210).expectToBeIn('select.resizing');
    canvas.pointerUp(400, 210);
    // Widest change wins: width ×1.5 → 300 × 150, the nw corner stays.
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100, width: 300, height: 150 });

    canvas.click(550, 150);
    canvas.drag(handle(canvas, 'se'), { x: 650, y: 250 });
    expect(canvas.node('n2')).toMatchObject({ x: 500, y: 100, width: 150, height: 150 });
    canvas.drag(handle(canvas, 'e'), { x: 700, y: 175 });
    expect(canvas.node('n2')).toMatchObject({ width: 200, height: 150 });
    canvas.drag(handle(canvas, 'se'), { x: 800, y: 260 }, { shift: true });
    expect(canvas.node('n2')).toMatchObject({ x: 500, y: 100, width: 300, height: 225 });
  });

  it("the 'nw' handle keeps the opposite corner in place", () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100, width: 100, height: 100 });
    canvas.click(150, 150).drag({ x: 100, y: 100 }, { x: 50, y: 80 });
    expect(canvas.node('n1')).toMatchObject({ x: 50, y: 80, width: 150, height: 120 });
  });

  it('the rotate handle turns the node about its centre; shift snaps to 15°', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100, width: 100, height: 100 });
    canvas.click(150, 150);
    const rotate = handle(canvas, 'rotate');
    expect(rotate).toEqual({ x: 150, y: 76 });
    // From straight above the centre (150,150) to straight right of it: +90°.
    canvas.pointerDown(rotate.x, rotate.y).pointerMove(200, 100).expectToBeIn('select.rotating');
    canvas.pointerUp(250, 150);
    const turned = canvas.node('n1');
    expect(turned?.rotation).toBeCloseTo(90);
    // Rotating about the centre: the top-left corner went to the top-right.
    expect(turned?.x).toBeCloseTo(200);
    expect(turned?.y).toBeCloseTo(100);

    const r2 = handle(canvas, 'rotate');
    // About +20° from the handle: shift rounds the absolute angle to 105°.
    const c = { x: 150, y: 150 };
    const a = Math.atan2(r2.y - c.y, r2.x - c.x) + (20 * Math.PI) / 180;
    canvas.drag(r2, { x: c.x + Math.cos(a) * 80, y: c.y + Math.sin(a) * 80 }, { shift: true });
    expect(canvas.node('n1')?.rotation).toBeCloseTo(105);
  });

  it('resizing several nodes scales them with their common box', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 0, y: 0, width: 100, height: 100 }, { type: 'shape', x: 200, y: 0, width: 100, height: 100 });
    canvas.select('n1', 'n2');
    canvas.drag({ x: 300, y: 100 }, { x: 600, y: 200 });
    expect(canvas.node('n1')).toMatchObject({ x: 0, y: 0, width: 200, height: 200 });
    expect(canvas.node('n2')).toMatchObject({ x: 400, y: 0, width: 200, height: 200 });
  });

  it('locked nodes have no handles', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100, locked: true });
    canvas.click(150, 150);
    canvas.drag({ x: 200, y: 200 }, { x: 300, y: 300 });
    expect(canvas.node('n1')).toMatchObject({ width: 100, height: 100 });
    expect(nodesOf(canvas.doc).size).toBe(1);
  });
});

describe('rotating a frame', () => {
  it('turns its children with it', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', x: 0, y: 0, width: 200, height: 200 }, { type: 'shape', id: 'c', x: 150, y: 90, width: 20, height: 20, parentId: 'f' });
    canvas.click(10, 10);
    // Rotate handle above the centre (100, 100) → drag to straight below it: 180°.
    canvas.drag({ x: 100, y: -24 }, { x: 100, y: 300 }, { steps: 8 });
    expect(canvas.node('f')?.rotation).toBeCloseTo(180);
    const child = canvas.node('c');
    expect(child?.rotation).toBeCloseTo(180);
    // (150, 90) turned 180° about (100, 100) → (50, 110).
    expect(child?.x).toBeCloseTo(50);
    expect(child?.y).toBeCloseTo(110);
  });
});
