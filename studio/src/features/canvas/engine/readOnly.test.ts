import { afterEach, describe, expect, it } from 'vitest';
import { TestCanvas } from './testing/TestCanvas.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

describe('read-only (viewer) canvas', () => {
  it('a viewer can select and pan but cannot move, delete or create; each attempt reports once', () => {
    canvas = new TestCanvas({ readOnly: true });
    canvas.createNodes({ type: 'shape', id: 'a', x: 100, y: 100 });
    let updates = 0;
    canvas.doc.on('update', () => updates++);

    // Select without moving.
    canvas.drag({ x: 150, y: 150 }, { x: 400, y: 400 }, { steps: 5 });
    expect(canvas.selected).toEqual(['a']);
    expect(canvas.node('a')).toMatchObject({ x: 100, y: 100 });
    expect(canvas.manager.store.get('a')).toMatchObject({ x: 100, y: 100 });
    expect(canvas.emitted('readOnlyAttempt')).toHaveLength(1);

    expect(canvas.shortcut('Delete')).toBe(true);
    expect(canvas.node('a')).toBeDefined();
    expect(canvas.emitted('readOnlyAttempt')).toHaveLength(2);

    // Commands that would change the document are disabled.
    for (const id of ['delete', 'duplicate', 'lock', 'bringToFront', 'nudge.left', 'cut', 'undo']) expect(canvas.manager.commands.isEnabled(id)).toBe(false);
    expect(canvas.manager.commands.isEnabled('copy')).toBe(true);
    expect(canvas.manager.commands.isEnabled('zoomIn')).toBe(true);
    expect(canvas.manager.commands.isEnabled('tool.frame')).toBe(false);

    // Resize handles do nothing for a viewer (the press selects/drags like any other).
    canvas.drag({ x: 200, y: 200 }, { x: 300, y: 300 });
    expect(canvas.node('a')).toMatchObject({ width: 100, height: 100 });

    // Creation tools refuse (set directly, as a stale toolbar might).
    canvas.manager.tools.set('frame');
    canvas.drag({ x: 500, y: 500 }, { x: 700, y: 700 });
    canvas.manager.tools.set('text');
    canvas.click(600, 600);
    canvas.manager.addNodes([{ id: 'x', type: 'shape', shape: 'rect', x: 0, y: 0, width: 10, height: 10 }]);
    canvas.manager.deleteNodes(['a']);
    canvas.manager.paste({ files: [new File(['x'], 'a.png')] });
    expect(canvas.nodes().map((n) => n.id)).toEqual(['a']);
    expect(updates).toBe(0);
    expect(canvas.emitted('filesReceived')).toEqual([]);
    expect(canvas.emitted('readOnlyAttempt').length).toBeGreaterThanOrEqual(7);

    // Panning and zooming still work.
    canvas.manager.tools.set('hand');
    canvas.drag({ x: 100, y: 100 }, { x: 200, y: 100 });
    expect(canvas.manager.viewport.camera.x).toBe(-100);
  });

  it('switching to read-only abandons the gesture in flight and the creation tool', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'a', x: 100, y: 100 });
    canvas.pointerDown(150, 150).pointerMove(250, 250);
    canvas.manager.setReadOnly(true);
    canvas.pointerUp(250, 250);
    expect(canvas.node('a')).toMatchObject({ x: 100, y: 100 });
    canvas.manager.setReadOnly(false);
    canvas.shortcut('r');
    canvas.manager.setReadOnly(true);
    expect(canvas.manager.tools.current).toBe('select');
  });
});
