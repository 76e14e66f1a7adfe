import { afterEach, describe, expect, it } from 'vitest';
import { CLIPBOARD_MARKER, serializeNodes } from '../clipboard.ts';
import { TestCanvas } from '../testing/TestCanvas.ts';
import { matchesShortcut } from './CommandRegistry.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

const zOrder = (c: TestCanvas) => c.manager.store.all().map((n) => n.id);

describe('editing commands', () => {
  it('Delete/Backspace delete the selection (a frame with its children) but never locked nodes', () => {
    canvas = new TestCanvas();
    canvas.createNodes(
      { type: 'shape', id: 'a' },
      { type: 'shape', id: 'locked', locked: true },
      { type: 'frame', id: 'f', x: 500, width: 300, height: 300 },
      { type: 'image', id: 'child', x: 520, parentId: 'f' },
      { type: 'image', id: 'lockedChild', x: 620, parentId: 'f', locked: true },
    );
    canvas.select('a', 'locked');
    expect(canvas.shortcut('Delete')).toBe(true);
    expect(canvas.node('a')).toBeUndefined();
    expect(canvas.node('locked')).toBeDefined();
    // The deleted node left the selection.
    expect(canvas.selected).toEqual(['locked']);
    canvas.select('f');
    canvas.shortcut('Backspace');
    expect(canvas.node('f')).toBeUndefined();
    expect(canvas.node('child')).toBeUndefined();
    expect(canvas.node('lockedChild')).toMatchObject({ parentId: null });
    // One undo brings the frame and its child back.
    canvas.shortcut('mod+z');
    expect(canvas.node('f')).toBeDefined();
    expect(canvas.node('child')).toMatchObject({ parentId: 'f' });
  });

  it('mod+d duplicates with new ids 24 lower-right, above everything, and selects the copies', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'image', id: 'a', x: 10, y: 20, z: 1 }, { type: 'shape', id: 'b', x: 400, z: 2 });
    canvas.select('a');
    canvas.shortcut('mod+d');
    const [copy] = canvas.selected;
    expect(copy).not.toBe('a');
    expect(canvas.node(copy as string)).toMatchObject({ type: 'image', x: 34, y: 44, src: '/api/media/test.png', createdBy: 'u1' });
    expect(zOrder(canvas).at(-1)).toBe(copy);
  });

  it('lock and unlock (shift+mod+l toggles)', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'a' });
    canvas.select('a');
    canvas.shortcut('shift+mod+l');
    expect(canvas.node('a')?.locked).toBe(true);
    expect(canvas.manager.commands.isEnabled('lock')).toBe(false);
    expect(canvas.manager.commands.isEnabled('delete')).toBe(false);
    canvas.shortcut('shift+mod+l');
    expect(canvas.node('a')?.locked).toBe(false);
  });

  it('z-order: bring forward / to front, send backward / to back among siblings', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'a', z: 1 }, { type: 'shape', id: 'b', z: 2 }, { type: 'shape', id: 'c', z: 3 }, { type: 'shape', id: 'd', z: 4 });
    canvas.select('a');
    canvas.shortcut('mod+]');
    expect(zOrder(canvas)).toEqual(['b', 'a', 'c', 'd']);
    canvas.shortcut('shift+mod+]');
    expect(zOrder(canvas)).toEqual(['b', 'c', 'd', 'a']);
    canvas.select('c', 'd');
    canvas.shortcut('shift+mod+[');
    expect(zOrder(canvas)).toEqual(['c', 'd', 'b', 'a']);
    canvas.select('b');
    canvas.shortcut('mod+[');
    expect(zOrder(canvas)).toEqual(['c', 'b', 'd', 'a']);
    // Already at the back: nothing written, no undo step.
    canvas.select('c');
    const before = canvas.manager.history.version;
    canvas.manager.commands.run('sendToBack');
    expect(canvas.manager.history.version).toBe(before);
  });

  it('arrows nudge by 1, shift+arrows by 10; locked nodes stay', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'a', x: 100, y: 100 }, { type: 'shape', id: 'l', locked: true });
    canvas.select('a', 'l');
    canvas.keyDown('ArrowRight');
    canvas.keyDown('ArrowDown', { shift: true });
    expect(canvas.node('a')).toMatchObject({ x: 101, y: 110 });
    expect(canvas.node('l')).toMatchObject({ x: 0, y: 0 });
  });

  it('mod+a selects every top-level node; Escape deselects', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'shape', id: 'a' }, { type: 'frame', id: 'f', x: 300 }, { type: 'image', id: 'c', x: 310, parentId: 'f' });
    canvas.shortcut('mod+a');
    expect(canvas.selected).toEqual(['a', 'f']);
    canvas.keyDown('Escape');
    expect(canvas.selected).toEqual([]);
  });
});

describe('clipboard', () => {
  it('copy/paste gives new ids offset by 24 (48 on the second paste); a copied frame brings its children', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', x: 100, y: 100, width: 300, height: 300 }, { type: 'image', id: 'c', x: 150, y: 150, parentId: 'f' });
    canvas.select('f');
    canvas.shortcut('mod+c');
    // mod+v is left to the browser, whose paste event carries files: the DOM adapter calls paste().
    expect(canvas.shortcut('mod+v')).toBe(false);
    canvas.manager.paste({});
    const [frameCopy] = canvas.selected;
    expect(frameCopy).not.toBe('f');
    expect(canvas.node(frameCopy as string)).toMatchObject({ type: 'frame', x: 124, y: 124 });
    const childCopy = canvas.nodes().find((n) => n.parentId === frameCopy);
    expect(childCopy).toMatchObject({ type: 'image', x: 174, y: 174 });
    expect(childCopy?.id).not.toBe('c');
    canvas.manager.commands.run('paste');
    expect(canvas.node(canvas.selected[0] as string)).toMatchObject({ x: 148, y: 148 });
    expect(canvas.nodes()).toHaveLength(6);
  });

  it('a child copied without its frame is pasted into the same frame; cut + paste puts it back in place', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'frame', id: 'f', width: 500, height: 500 }, { type: 'image', id: 'c', x: 50, y: 50, parentId: 'f' });
    canvas.select('c');
    canvas.shortcut('mod+c');
    canvas.manager.paste({});
    expect(canvas.node(canvas.selected[0] as string)).toMatchObject({ parentId: 'f', x: 74 });
    canvas.select('c');
    canvas.shortcut('mod+x');
    expect(canvas.node('c')).toBeUndefined();
    canvas.manager.paste({});
    expect(canvas.node(canvas.selected[0] as string)).toMatchObject({ parentId: 'f', x: 50, y: 50 });
  });

  it('pastes nodes copied in another tab (marker text), plain text as a text node, files as filesReceived', () => {
    canvas = new TestCanvas();
    const source = new TestCanvas();
    const copied = source.createNodes({ type: 'shape', id: 'x', x: 10, y: 10 });
    source.dispose();
    canvas.manager.paste({ text: serializeNodes(copied) });
    expect(canvas.nodes()).toEqual([expect.objectContaining({ type: 'shape', x: 34, y: 34 })]);
    canvas.manager.paste({ text: 'a caption' }, { x: 500, y: 400 });
    expect(canvas.nodes().at(-1)).toMatchObject({ type: 'text', text: 'a caption', x: 500, y: 400 });
    // A forged payload is ignored (validated) and pasted as text instead.
    canvas.manager.paste({ text: `${CLIPBOARD_MARKER}{"version":1,"nodes":[{"id":"e","type":"image"}]}` });
    expect(canvas.nodes().filter((n) => n.type === 'image')).toEqual([]);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    canvas.manager.paste({ files: [file] }, { x: 10, y: 20 });
    canvas.manager.drop({ files: [file] }, { x: 30, y: 40 });
    expect(canvas.emitted('filesReceived')).toEqual([
      { files: [file], at: { x: 10, y: 20 } },
      { files: [file], at: { x: 30, y: 40 } },
    ]);
  });
});

describe('view commands and shortcuts', () => {
  it('shift+1 fits the content, shift+0 zooms to 100 %, mod+= / mod+- step the zoom', () => {
    canvas = new TestCanvas({ size: { width: 1000, height: 800 } });
    canvas.createNodes({ type: 'shape', x: 1000, y: 1000, width: 2000, height: 1000 });
    canvas.shortcut('shift+1');
    const v = canvas.manager.viewport;
    const r = v.visibleRect();
    // All content visible, centred.
    expect(r.x).toBeLessThanOrEqual(1000);
    expect(r.x + r.width).toBeGreaterThanOrEqual(3000);
    expect(r.x + r.width / 2).toBeCloseTo(2000);
    expect(r.y + r.height / 2).toBeCloseTo(1500);
    expect(v.camera.zoom).toBeCloseTo((1000 - 128) / 2000);
    canvas.shortcut('shift+0');
    expect(v.camera.zoom).toBe(1);
    // Zooming keeps the centre of the screen in place.
    expect(v.screenToCanvas({ x: 500, y: 400 }).x).toBeCloseTo(2000);
    canvas.shortcut('mod+=');
    expect(v.camera.zoom).toBe(1.5);
    canvas.shortcut('mod+-');
    canvas.shortcut('mod+-');
    expect(v.camera.zoom).toBe(0.75);
  });

  it('tool shortcuts switch tools; matching uses the physical key for shifted digits and other layouts', () => {
    canvas = new TestCanvas();
    canvas.shortcut('f');
    expect(canvas.manager.tools.current).toBe('frame');
    canvas.keyDown('Escape');
    expect(canvas.manager.tools.current).toBe('select');
    const key = { shiftKey: true, altKey: false, modKey: false, repeat: false };
    expect(matchesShortcut('shift+1', { ...key, key: '!', code: 'Digit1' })).toBe(true);
    expect(matchesShortcut('mod+z', { ...key, shiftKey: false, modKey: true, key: 'я', code: 'KeyZ' })).toBe(true);
    expect(matchesShortcut('mod+z', { ...key, modKey: true, key: 'Z', code: 'KeyZ' })).toBe(false);
    expect(matchesShortcut('shift+mod+z', { ...key, modKey: true, key: 'Z', code: 'KeyZ' })).toBe(true);
  });
});
