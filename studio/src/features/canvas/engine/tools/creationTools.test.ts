import { afterEach, describe, expect, it } from 'vitest';
import { TestCanvas } from '../testing/TestCanvas.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

describe('frame tool', () => {
  it('drawing makes a frame, selects it, emits frameDrawn and goes back to select', () => {
    canvas = new TestCanvas();
    canvas.manager.tools.set('frame');
    canvas.pointerDown(100, 100).pointerMove(200, 150).expectToBeIn('frame.drawing');
    expect(canvas.manager.overlay.value.draft).toMatchObject({ x: 100, y: 100, width: 100, height: 50, kind: 'frame' });
    canvas.pointerMove(400, 300).pointerUp(400, 300);
    const [frame] = canvas.nodes();
    expect(frame).toMatchObject({ type: 'frame', x: 100, y: 100, width: 300, height: 200 });
    expect(canvas.selected).toEqual([frame?.id]);
    expect(canvas.emitted('frameDrawn')).toEqual([{ nodeId: frame?.id, rect: { x: 100, y: 100, width: 300, height: 200 } }]);
    expect(canvas.manager.overlay.value.draft).toBeNull();
    canvas.expectToBeIn('select.idle');
  });

  it('a click (or a box under 16 px) makes a default 512×512 frame at the point', () => {
    canvas = new TestCanvas();
    canvas.shortcut('f');
    canvas.drag({ x: 300, y: 300 }, { x: 310, y: 305 });
    expect(canvas.nodes()[0]).toMatchObject({ type: 'frame', x: 44, y: 44, width: 512, height: 512 });
  });

  it('nodes wholly inside the drawn frame become its children', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'image', id: 'in', x: 150, y: 150 }, { type: 'image', id: 'out', x: 350, y: 150, width: 200 });
    canvas.manager.tools.set('frame');
    canvas.drag({ x: 100, y: 100 }, { x: 400, y: 400 });
    const frameId = canvas.selected[0];
    expect(canvas.node('in')?.parentId).toBe(frameId);
    expect(canvas.node('out')?.parentId).toBeNull();
  });
});

describe('shape and text tools', () => {
  it('rect and ellipse tools draw shapes', () => {
    canvas = new TestCanvas();
    canvas.shortcut('r');
    canvas.drag({ x: 10, y: 20 }, { x: 110, y: 70 });
    canvas.shortcut('o');
    canvas.drag({ x: 200, y: 200 }, { x: 100, y: 100 });
    const [rect, ellipse] = canvas.nodes();
    expect(rect).toMatchObject({ type: 'shape', shape: 'rect', x: 10, y: 20, width: 100, height: 50 });
    expect(ellipse).toMatchObject({ type: 'shape', shape: 'ellipse', x: 100, y: 100, width: 100, height: 100 });
    expect(ellipse?.z).toBeGreaterThan(rect?.z ?? Infinity);
    canvas.expectToBeIn('select.idle');
  });

  it('a click with the text tool creates "Text" and asks the UI to edit it', () => {
    canvas = new TestCanvas();
    canvas.shortcut('t');
    canvas.click(300, 200);
    const [text] = canvas.nodes();
    expect(text).toMatchObject({ type: 'text', text: 'Text', x: 300 });
    expect(canvas.selected).toEqual([text?.id]);
    expect(canvas.emitted('nodeActivated')).toEqual([{ nodeId: text?.id, type: 'text' }]);
    canvas.expectToBeIn('select.idle');
  });

  it('a shape drawn inside a frame joins it', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', x: 0, y: 0, width: 500, height: 500 });
    canvas.shortcut('r');
    canvas.drag({ x: 100, y: 100 }, { x: 200, y: 200 });
    expect(canvas.nodes().find((n) => n.type === 'shape')?.parentId).toBe('f');
  });
});

describe('expand tool', () => {
  it("dragging an image's edges outward reports the amounts and writes nothing", () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'image', id: 'img', x: 100, y: 100, width: 200, height: 200 });
    canvas.select('img');
    canvas.manager.tools.set('expand');
    let updates = 0;
    canvas.doc.on('update', () => updates++);
    // Grab the right edge, pull it 80 out.
    canvas.pointerDown(300, 200).pointerMove(350, 200).expectToBeIn('expand.dragging');
    canvas.pointerMove(380, 200);
    expect(canvas.manager.overlay.value.draft).toMatchObject({ kind: 'expand', nodeId: 'img', x: 100, y: 100, width: 280, height: 200 });
    canvas.pointerUp(380, 200);
    // Then the top-left corner, 30 left and 20 up.
    canvas.drag({ x: 100, y: 100 }, { x: 70, y: 80 });
    expect(canvas.emitted('expandDrawn')).toEqual([
      { nodeId: 'img', left: 0, top: 0, right: 80, bottom: 0 },
      { nodeId: 'img', left: 30, top: 20, right: 0, bottom: 0 },
    ]);
    expect(updates).toBe(0);
    // The draft stays for the UI's prompt until the tool changes.
    expect(canvas.manager.overlay.value.draft).not.toBeNull();
    canvas.keyDown('Escape');
    expect(canvas.manager.overlay.value.draft).toBeNull();
    canvas.expectToBeIn('select.idle');
  });

  it('does nothing without exactly one selected image', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', x: 100, y: 100 });
    canvas.select('n1');
    canvas.manager.tools.set('expand');
    canvas.drag({ x: 200, y: 150 }, { x: 300, y: 150 });
    expect(canvas.emitted('expandDrawn')).toEqual([]);
  });
});

describe('panning', () => {
  it('hand tool, space+drag and middle-button drag pan the camera', () => {
    canvas = new TestCanvas();
    canvas.shortcut('h');
    canvas.pointerDown(100, 100).expectToBeIn('hand.panning');
    expect(canvas.manager.viewport.moving).toBe(true);
    canvas.pointerMove(150, 120).pointerUp(150, 120);
    expect(canvas.manager.viewport.camera).toEqual({ x: -50, y: -20, zoom: 1 });
    expect(canvas.manager.viewport.moving).toBe(false);

    canvas.shortcut('v');
    canvas.createNodes({ type: 'shape', x: 0, y: 0 });
    canvas.keyDown(' ');
    canvas.expectToBeIn('hand.idle');
    canvas.drag({ x: 100, y: 100 }, { x: 100, y: 200 });
    canvas.keyUp(' ');
    expect(canvas.manager.viewport.camera).toEqual({ x: -50, y: -120, zoom: 1 });

    canvas.drag({ x: 100, y: 100 }, { x: 0, y: 100 }, { button: 1 });
    expect(canvas.manager.viewport.camera).toEqual({ x: 50, y: -120, zoom: 1 });
    // Nothing was moved or selected by the pans.
    expect(canvas.node('n1')).toMatchObject({ x: 0, y: 0 });
    expect(canvas.selected).toEqual([]);
    canvas.expectToBeIn('select.idle');
  });
});
