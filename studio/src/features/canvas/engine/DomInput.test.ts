// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DomInput, resizeCursor } from './DomInput.ts';
import { TestCanvas } from './testing/TestCanvas.ts';

/** jsdom has no layout: the container sits at the page origin, so client = screen coordinates. */
function setup(opts: { readOnly?: boolean } = {}) {
  const canvas = new TestCanvas({ ...opts, size: { width: 1000, height: 800 } });
  const container = document.createElement('div');
  document.body.append(container);
  const input = new DomInput(container, canvas.manager, { ariaLabel: 'Project canvas' });
  const pointer = (type: string, x: number, y: number, init: PointerEventInit = {}) => {
    const e = new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true, cancelable: true, ...init });
    container.dispatchEvent(e);
    return e;
  };
  const withData = (type: string, field: 'clipboardData' | 'dataTransfer', data: object, at?: { x: number; y: number }) => {
    const e = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: at?.x ?? 0, clientY: at?.y ?? 0 });
    Object.defineProperty(e, field, { value: data });
    container.dispatchEvent(e);
    return e;
  };
  return { canvas, container, input, pointer, withData };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});
function track<T extends ReturnType<typeof setup>>(s: T): T {
  cleanup.push(() => {
    s.input.dispose();
    s.canvas.dispose();
    s.container.remove();
  });
  return s;
}

describe('DomInput', () => {
  it('makes the container a focusable, named application region', () => {
    const { container } = track(setup());
    expect(container.tabIndex).toBe(0);
    expect(container.getAttribute('role')).toBe('application');
    expect(container.getAttribute('aria-label')).toBe('Project canvas');
  });

  it('turns a pointer drag on a node into one move of that node', () => {
    const { canvas, pointer, container } = track(setup());
    const [node] = canvas.createNodes({ type: 'image', x: 100, y: 100, width: 200, height: 100 });
    pointer('pointerdown', 150, 150);
    expect(document.activeElement).toBe(container);
    pointer('pointermove', 200, 180, { buttons: 1 });
    pointer('pointermove', 250, 210, { buttons: 1 });
    pointer('pointerup', 250, 210);
    expect(canvas.node(node!.id)).toMatchObject({ x: 200, y: 160 });
    expect(canvas.manager.history.canUndo).toBe(true);
    canvas.manager.history.undo();
    expect(canvas.node(node!.id)).toMatchObject({ x: 100, y: 100 });
  });

  it('zooms at the cursor on ctrl+wheel (pinch) and keeps the page from scrolling', () => {
    const { canvas, container } = track(setup());
    const { viewport } = canvas.manager;
    const before = viewport.screenToCanvas({ x: 300, y: 200 });
    const e = new WheelEvent('wheel', { deltaY: -40, ctrlKey: true, clientX: 300, clientY: 200, bubbles: true, cancelable: true });
    container.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
    expect(viewport.camera.zoom).toBeGreaterThan(1);
    const after = viewport.screenToCanvas({ x: 300, y: 200 });
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(viewport.moving).toBe(true);
  });

  it('pans on plain wheel, converting line deltas to pixels', () => {
    const { canvas, container } = track(setup());
    container.dispatchEvent(new WheelEvent('wheel', { deltaX: 3, deltaY: 2, deltaMode: WheelEvent.DOM_DELTA_LINE, bubbles: true, cancelable: true }));
    expect(canvas.manager.viewport.camera).toMatchObject({ x: 48, y: 32, zoom: 1 });
  });

  it('runs shortcuts from the focused canvas but not from a text field inside it', () => {
    const { canvas, container } = track(setup());
    const [node] = canvas.createNodes({ type: 'image', x: 0, y: 0 });
    canvas.manager.selection.set([node!.id]);
    const field = document.createElement('textarea');
    container.append(field);
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', code: 'Delete', bubbles: true, cancelable: true }));
    expect(canvas.node(node!.id)).toBeDefined();
    const e = new KeyboardEvent('keydown', { key: 'Delete', code: 'Delete', bubbles: true, cancelable: true });
    container.dispatchEvent(e);
    expect(canvas.node(node!.id)).toBeUndefined();
    expect(e.defaultPrevented).toBe(true);
  });

  it('holds the hand tool while space is down and releases it when focus leaves', () => {
    const { canvas, container } = track(setup());
    container.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true }));
    expect(canvas.manager.tools.stateOf()).toMatch(/^hand\./);
    expect(container.style.cursor).toBe('grab');
    container.dispatchEvent(new FocusEvent('blur'));
    expect(canvas.manager.tools.stateOf()).toMatch(/^select\./);
  });

  it('hands dropped and pasted files to the UI with the canvas point', () => {
    const { canvas, withData } = track(setup());
    canvas.setCamera({ x: 1000, y: 500, zoom: 2 });
    const file = new File(['x'], 'cat.png', { type: 'image/png' });
    const over = withData('dragover', 'dataTransfer', { types: ['Files'], dropEffect: 'none' });
    expect(over.defaultPrevented).toBe(true);
    const drop = withData('drop', 'dataTransfer', { types: ['Files'], files: [file] }, { x: 100, y: 60 });
    expect(drop.defaultPrevented).toBe(true);
    expect(canvas.emitted('filesReceived')).toEqual([{ files: [file], at: { x: 1050, y: 530 } }]);
    withData('paste', 'clipboardData', { files: [file], getData: () => '' });
    expect(canvas.emitted('filesReceived')).toHaveLength(2);
  });

  it('pastes plain text as a text node', () => {
    const { canvas, withData } = track(setup());
    withData('paste', 'clipboardData', { files: [], getData: (type: string) => (type === 'text/plain' ? 'Hello board' : '') });
    expect(canvas.nodes().find((n) => n.type === 'text')).toMatchObject({ text: 'Hello board' });
  });

  it('reports double clicks on a node as activation', () => {
    const { canvas, container } = track(setup());
    const [video] = canvas.createNodes({ type: 'video', x: 0, y: 0, width: 300, height: 200 });
    container.dispatchEvent(new MouseEvent('dblclick', { clientX: 50, clientY: 50, bubbles: true }));
    expect(canvas.emitted('nodeActivated')).toEqual([{ nodeId: video!.id, type: 'video' }]);
  });

  it('shows resize cursors over the handles of the selection', () => {
    const { canvas, pointer, container } = track(setup());
    const [node] = canvas.createNodes({ type: 'shape', x: 100, y: 100, width: 200, height: 100 });
    canvas.manager.selection.set([node!.id]);
    pointer('pointermove', 300, 200);
    expect(container.style.cursor).toBe('nwse-resize');
    pointer('pointermove', 200, 100);
    expect(container.style.cursor).toBe('ns-resize');
    pointer('pointermove', 200, 150);
    expect(container.style.cursor).toBe('default');
  });

  it('turns resize cursors with the box', () => {
    expect(resizeCursor('e', 0)).toBe('ew-resize');
    expect(resizeCursor('e', 90)).toBe('ns-resize');
    expect(resizeCursor('se', 0)).toBe('nwse-resize');
    expect(resizeCursor('ne', 0)).toBe('nesw-resize');
    expect(resizeCursor('n', 45)).toBe('nesw-resize');
    expect(resizeCursor('w', -90)).toBe('ns-resize');
  });
});
