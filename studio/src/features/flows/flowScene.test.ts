import { connect, flowEdgesOf, writeFlowNode } from '@tessera/shared/flows/document';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectionMove } from '../canvas/engine/SelectionMove.ts';
import { TEST_SETUP_ORIGIN, TestCanvas } from '../canvas/engine/testing/TestCanvas.ts';
import type { Point, Rect } from '../canvas/engine/types.ts';
import { CARD_WIDTH, type FlowView, readFlowView } from './flowModel.ts';
import { CULL_MARGIN_PX, cullWindow, flowScene, flowSelectableLayer } from './flowScene.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

const view = (x: number, y: number, zoom: number, size = { width: 1000, height: 800 }): Rect => ({ x, y, width: size.width / zoom, height: size.height / zoom });

describe('the flow layer draws only what is near the view', () => {
  it('keeps its window while the view pans inside it, and moves it when the view nears its edge or zooms far in', () => {
    const first = cullWindow(null, view(0, 0, 1), 1);
    expect(first).toEqual({ x: -CULL_MARGIN_PX, y: -CULL_MARGIN_PX, width: 1000 + 2 * CULL_MARGIN_PX, height: 800 + 2 * CULL_MARGIN_PX });
    // A small pan: the same window (the layer does not re-render).
    expect(cullWindow(first, view(200, -150, 1), 1)).toBe(first);
    // Past the slack: a new window around the new view.
    const moved = cullWindow(first, view(500, 0, 1), 1);
    expect(moved).not.toBe(first);
    expect(moved.x).toBe(500 - CULL_MARGIN_PX);
    // Zooming out: the view grows out of the window.
    expect(cullWindow(first, view(0, 0, 0.5), 0.5).width).toBe(2000 + 4 * CULL_MARGIN_PX);
    // Zooming far in: the old window is far larger than needed, so it shrinks.
    const zoomedIn = cullWindow(cullWindow(null, view(0, 0, 0.25), 0.25), view(100, 100, 2), 2);
    expect(zoomedIn.width).toBe(500 + CULL_MARGIN_PX);
  });

  /** rows × columns cards 320 apart, 260 apart vertically: prompt → text-to-image pairs, wired. */
  function grid(canvas: TestCanvas, rows: number, columns: number): FlowView {
    const doc = canvas.doc;
    doc.transact(() => {
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c += 2) {
          writeFlowNode(doc, { id: `in${r}_${c}`, type: 'input', port: 'text', value: 'a fox', x: c * 320, y: r * 260 });
          writeFlowNode(doc, { id: `st${r}_${c}`, type: 'step', kind: 'text_to_image', settings: {}, x: (c + 1) * 320, y: r * 260 });
        }
      }
    }, TEST_SETUP_ORIGIN);
    // One wire checked as the layer adds them; the rest written straight in (500 checks take seconds).
    expect(connect(doc, { id: 'e0_0', from: 'in0_0', to: 'st0_0', toPort: 'prompt' })).toBeNull();
    doc.transact(() => {
      for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c += 2) flowEdgesOf(doc).set(`e${r}_${c}`, { id: `e${r}_${c}`, from: `in${r}_${c}`, to: `st${r}_${c}`, toPort: 'prompt' });
    }, TEST_SETUP_ORIGIN);
    return readFlowView(doc);
  }

  it('of a 500-card flow, puts a few dozen cards and their wires in the page; selected and moving cards stay', () => {
    canvas = new TestCanvas();
    const flow = grid(canvas, 25, 20);
    expect(flow.nodes).toHaveLength(500);
    const window = cullWindow(null, view(0, 0, 1), 1);
    const scene = flowScene(flow, window, (n) => n);
    // The window is -480…1480 × -480…1280: about 6 columns × 7 rows of the 20 × 25.
    expect(scene.cards.length).toBeGreaterThan(10);
    expect(scene.cards.length).toBeLessThan(60);
    for (const card of scene.cards) expect(card.x + CARD_WIDTH >= window.x && card.x <= window.x + window.width).toBe(true);
    // Every wire between two drawn cards is drawn, and no wire between two far cards.
    const drawn = new Set(scene.cards.map((c) => c.id));
    const wires = new Set(scene.wires.map((w) => w.edge.id));
    for (const edge of flow.edges) if (drawn.has(edge.from) && drawn.has(edge.to)) expect(wires.has(edge.id)).toBe(true);
    expect(wires.has('e24_18')).toBe(false);
    // A selected card far away stays in the page (its settings and a drag keep working) …
    expect(flowScene(flow, window, (n) => n, new Set(['st24_18'])).cards.map((c) => c.id)).toContain('st24_18');
    // … and a card dragged into view is drawn where it is dragged, with its wire.
    const dragged = flowScene(flow, window, (n) => (n.id === 'st24_18' ? { ...n, x: 100, y: 100 } : n));
    expect(dragged.cards.find((c) => c.id === 'st24_18')).toMatchObject({ x: 100, y: 100 });
    // No window: everything.
    expect(flowScene(flow, null, (n) => n).cards).toHaveLength(500);
  });
});

/** A canvas with one shape (n1 at 100,100 100×100) and two flow cards at (300,100) and (300,400), the flow mounted as its selectable layer. */
function board() {
  canvas = new TestCanvas({ size: { width: 1000, height: 800 } });
  canvas.createNodes({ type: 'shape', x: 100, y: 100 });
  canvas.doc.transact(() => {
    writeFlowNode(canvas.doc, { id: 'a', type: 'input', port: 'text', value: 'a fox', x: 300, y: 100 });
    writeFlowNode(canvas.doc, { id: 'b', type: 'step', kind: 'text_to_image', settings: {}, x: 300, y: 400 });
  }, TEST_SETUP_ORIGIN);
  const previews: (ReadonlyMap<string, Point> | null)[] = [];
  canvas.manager.setLayer(flowSelectableLayer(canvas.doc, () => readFlowView(canvas.doc), (p) => previews.push(p)));
  const card = (id: string) => readFlowView(canvas.doc).nodes.find((n) => n.id === id);
  return { previews, card, m: canvas.manager };
}

describe('flow cards share the canvas selection', () => {
  it('a marquee selects canvas nodes and flow cards together; shift-click keeps the cards; a click on empty canvas clears both', () => {
    const { m } = board();
    canvas.drag({ x: 50, y: 50 }, { x: 400, y: 200 });
    expect(m.selection.ids).toEqual(['n1']);
    expect(m.selection.layerIds).toEqual(['a']);
    // Shift-marquee adds the second card.
    canvas.drag({ x: 250, y: 350 }, { x: 350, y: 450 }, { shift: true });
    expect(m.selection.ids).toEqual(['n1']);
    expect(m.selection.layerIds).toEqual(['a', 'b']);
    // Shift-click on the shape takes it out; the cards stay.
    canvas.click(150, 150, { shift: true });
    expect(m.selection.ids).toEqual([]);
    expect(m.selection.layerIds).toEqual(['a', 'b']);
    canvas.click(150, 150, { shift: true });
    expect(m.selection.ids).toEqual(['n1']);
    expect(m.selection.layerIds).toEqual(['a', 'b']);
    // A plain click on the shape selects it alone.
    canvas.click(150, 150).click(150, 150);
    expect(m.selection.layerIds).toEqual([]);
    m.selection.set(['n1'], ['a']);
    canvas.click(900, 700);
    expect(m.selection.ids).toEqual([]);
    expect(m.selection.layerIds).toEqual([]);
  });

  it('Delete removes the selected cards with the selected nodes, in one undo step', () => {
    const { m, card } = board();
    canvas.drag({ x: 50, y: 50 }, { x: 400, y: 500 });
    expect(m.selection.layerIds).toEqual(['a', 'b']);
    expect(canvas.shortcut('Delete')).toBe(true);
    expect(canvas.node('n1')).toBeUndefined();
    expect(card('a')).toBeUndefined();
    expect(card('b')).toBeUndefined();
    expect(m.selection.layerIds).toEqual([]);
    m.history.undo();
    expect(canvas.node('n1')).toBeDefined();
    expect(card('a')).toBeDefined();
    expect(card('b')).toBeDefined();
    expect(m.history.canUndo).toBe(false);
  });

  it('dragging a selected node moves the selected cards along: previewed (and in my awareness drag), then one write and one undo step', () => {
    const { m, card, previews } = board();
    m.selection.set(['n1'], ['a']);
    canvas.pointerDown(150, 150).pointerMove(170, 160).pointerMove(200, 180);
    expect(previews.at(-1)?.get('a')).toEqual({ x: 350, y: 130 });
    m.presence.flush();
    expect((m.presence.awareness.getLocalState() as { drag: Record<string, Point> | null }).drag).toMatchObject({ a: { x: 350, y: 130 } });
    // Nothing written while it moves.
    expect(card('a')).toMatchObject({ x: 300, y: 100 });
    canvas.pointerUp(200, 180);
    expect(card('a')).toMatchObject({ x: 350, y: 130 });
    expect(canvas.node('n1')).toMatchObject({ x: 150, y: 130 });
    expect(previews.at(-1)).toBeNull();
    expect((m.presence.awareness.getLocalState() as { drag: unknown }).drag).toBeNull();
    m.history.undo();
    expect(card('a')).toMatchObject({ x: 300, y: 100 });
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(m.history.canUndo).toBe(false);
  });

  it('a card dragged by its header (SelectionMove) carries the selection: one write on release, one undo step; a press without a move writes nothing', () => {
    const { m, card, previews } = board();
    m.selection.set(['n1'], ['a', 'b']);
    const still = new SelectionMove(m);
    still.commit();
    expect(m.history.canUndo).toBe(false);

    const move = new SelectionMove(m);
    move.move(10, 5);
    move.move(40, -20);
    expect(previews.at(-1)).toEqual(
      new Map([
        ['a', { x: 340, y: 80 }],
        ['b', { x: 340, y: 380 }],
      ]),
    );
    expect(m.store.get('n1')).toMatchObject({ x: 140, y: 80 });
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    move.commit();
    expect(card('a')).toMatchObject({ x: 340, y: 80 });
    expect(card('b')).toMatchObject({ x: 340, y: 380 });
    expect(canvas.node('n1')).toMatchObject({ x: 140, y: 80 });
    m.history.undo();
    expect(card('a')).toMatchObject({ x: 300, y: 100 });
    expect(card('b')).toMatchObject({ x: 300, y: 400 });
    expect(canvas.node('n1')).toMatchObject({ x: 100, y: 100 });
    expect(m.history.canUndo).toBe(false);
  });

  it('unmounting the layer drops its part of the selection', () => {
    canvas = new TestCanvas();
    const off = canvas.manager.setLayer(flowSelectableLayer(canvas.doc, () => readFlowView(canvas.doc), () => {}));
    canvas.manager.selection.set([], ['a']);
    off();
    expect(canvas.manager.layer).toBeNull();
    expect(canvas.manager.selection.layerIds).toEqual([]);
  });
});
