import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestCanvas } from './testing/TestCanvas.ts';
import { MAX_ZOOM, MIN_ZOOM } from './types.ts';
import { Viewport, WHEEL_SETTLE_MS } from './Viewport.ts';

let canvas: TestCanvas;
afterEach(() => {
  canvas?.dispose();
  vi.useRealTimers();
});

describe('viewport', () => {
  it('mod+wheel (pinch) zooms at the cursor: the canvas point under it stays put', () => {
    canvas = new TestCanvas();
    canvas.setCamera({ x: 100, y: 50, zoom: 1 });
    const v = canvas.manager.viewport;
    const cursor = { x: 640, y: 300 };
    const before = v.screenToCanvas(cursor);
    canvas.wheel(cursor.x, cursor.y, 0, -40, { mod: true });
    expect(v.camera.zoom).toBeGreaterThan(1);
    expect(v.screenToCanvas(cursor).x).toBeCloseTo(before.x);
    expect(v.screenToCanvas(cursor).y).toBeCloseTo(before.y);
    canvas.wheel(10, 700, 0, 120, { mod: true });
    canvas.wheel(10, 700, 0, 120, { mod: true });
    expect(v.camera.zoom).toBeLessThan(1);
  });

  it('a plain wheel (two-finger scroll) pans', () => {
    canvas = new TestCanvas();
    canvas.setCamera({ x: 0, y: 0, zoom: 2 });
    canvas.wheel(100, 100, 30, -60);
    expect(canvas.manager.viewport.camera).toEqual({ x: 15, y: -30, zoom: 2 });
  });

  it('`moving` is true while wheeling and for 150 ms after the last wheel event', () => {
    vi.useFakeTimers();
    canvas = new TestCanvas();
    const v = canvas.manager.viewport;
    canvas.wheel(0, 0, 0, 10);
    expect(v.moving).toBe(true);
    vi.advanceTimersByTime(WHEEL_SETTLE_MS - 50);
    canvas.wheel(0, 0, 0, 10);
    vi.advanceTimersByTime(WHEEL_SETTLE_MS - 50);
    expect(v.moving).toBe(true);
    vi.advanceTimersByTime(60);
    expect(v.moving).toBe(false);
  });

  it('zoom stays within MIN_ZOOM..MAX_ZOOM; screen/canvas conversions are inverse', () => {
    const v = new Viewport({ width: 800, height: 600 });
    v.zoomAt({ x: 0, y: 0 }, 1e6);
    expect(v.camera.zoom).toBe(MAX_ZOOM);
    v.zoomAt({ x: 0, y: 0 }, 1e-9);
    expect(v.camera.zoom).toBe(MIN_ZOOM);
    v.setCamera({ x: -123, y: 45, zoom: 0.37 });
    const p = { x: 321, y: -77 };
    const back = v.screenToCanvas(v.canvasToScreen(p));
    expect(back.x).toBeCloseTo(p.x);
    expect(back.y).toBeCloseTo(p.y);
    expect(v.visibleRect()).toEqual({ x: -123, y: 45, width: 800 / 0.37, height: 600 / 0.37 });
    v.dispose();
  });

  it('fitTo centres a rectangle with padding; zoomTo zooms about the centre', () => {
    const v = new Viewport({ width: 1000, height: 500 });
    v.fitTo({ x: 0, y: 0, width: 400, height: 400 }, 50);
    expect(v.camera.zoom).toBeCloseTo(1);
    expect(v.canvasToScreen({ x: 200, y: 200 })).toEqual({ x: 500, y: 250 });
    v.zoomTo(2);
    expect(v.screenToCanvas({ x: 500, y: 250 })).toEqual({ x: 200, y: 200 });
    v.fitTo(null);
    expect(v.camera.zoom).toBe(2);
    v.dispose();
  });
});
