import { writeNode, type CanvasNode } from '@tessera/shared/canvas';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentStore } from '../DocumentStore.ts';
import { Viewport } from '../Viewport.ts';
import { BOX_MAX_PX, THUMB_MAX_PX, cullRect, displaySizeOf, imageWidthBucket, isBatched, lodFor, visibleIds } from './lod.ts';

function image(id: string, x: number, y: number, extra: Partial<CanvasNode> = {}): CanvasNode {
  return { id, type: 'image', x, y, width: 100, height: 100, rotation: 0, z: 0, parentId: null, locked: false, src: `/api/media/${id}`, ...extra } as CanvasNode;
}

function board(nodes: CanvasNode[]) {
  const doc = new Y.Doc();
  doc.transact(() => nodes.forEach((n) => writeNode(doc, n)));
  return new DocumentStore(doc, {});
}

describe('culling', () => {
  it('keeps exactly the nodes that touch the view, in draw order', () => {
    // A 10 × 10 grid of 100-unit images 200 apart; the view shows canvas 250..1050 × 250..650.
    const nodes: CanvasNode[] = [];
    for (let i = 0; i < 100; i++) nodes.push(image(`n${i}`, (i % 10) * 200, Math.floor(i / 10) * 200, { z: 100 - i }));
    const store = board(nodes);
    const viewport = new Viewport({ width: 800, height: 400 });
    viewport.setCamera({ x: 250, y: 250, zoom: 1 });

    const ids = visibleIds(store, viewport);
    // Columns 2..5 (x 200..1000 reach into 250..1050) and rows 2..3 (y 400, 600 … 200+100 < 250 is out).
    const expected = nodes.filter((n) => n.x + n.width >= 250 && n.x <= 1050 && n.y + n.height >= 250 && n.y <= 650);
    expect(new Set(ids)).toEqual(new Set(expected.map((n) => n.id)));
    // Higher z draws later.
    const zs = ids.map((id) => store.get(id)?.z ?? 0);
    expect(zs).toEqual([...zs].sort((a, b) => a - b));
  });

  it('grows the culled area by a margin given in screen pixels', () => {
    const store = board([image('near', 0, 0), image('far', 5000, 0)]);
    const viewport = new Viewport({ width: 1000, height: 500 });
    viewport.setCamera({ x: 150, y: 0, zoom: 0.5 });
    // The view ends at canvas x 150 + 2000; 'near' (0..100) is 50 canvas units to the left of it.
    expect(visibleIds(store, viewport)).toEqual([]);
    expect(visibleIds(store, viewport, 30)).toEqual(['near']);
    expect(cullRect(viewport, 30)).toEqual({ x: 90, y: -60, width: 2120, height: 1120 });
  });

  it('follows the camera as it pans and zooms', () => {
    const store = board([image('a', 0, 0), image('b', 3000, 0)]);
    const viewport = new Viewport({ width: 1000, height: 1000 });
    expect(visibleIds(store, viewport)).toEqual(['a']);
    viewport.panBy(-2500, 0);
    expect(visibleIds(store, viewport)).toEqual(['b']);
    viewport.setCamera({ x: 0, y: 0, zoom: 0.25 });
    expect(visibleIds(store, viewport).sort()).toEqual(['a', 'b']);
  });
});

describe('level of detail', () => {
  it('draws tiny nodes as boxes, small ones from thumbnails and large ones in full', () => {
    expect(lodFor(0)).toBe('box');
    expect(lodFor(BOX_MAX_PX - 0.1)).toBe('box');
    expect(lodFor(BOX_MAX_PX)).toBe('thumb');
    expect(lodFor(THUMB_MAX_PX - 1)).toBe('thumb');
    expect(lodFor(THUMB_MAX_PX)).toBe('full');
    expect(lodFor(4000)).toBe('full');
    expect(lodFor(Number.NaN)).toBe('box');
  });

  it('measures a node by its larger side on screen', () => {
    expect(displaySizeOf({ width: 400, height: 100 }, 0.01)).toBe(4);
    expect(lodFor(displaySizeOf({ width: 400, height: 100 }, 0.1))).toBe('thumb');
    expect(lodFor(displaySizeOf({ width: 400, height: 100 }, 1))).toBe('full');
  });

  it('batches only pictures and plain shapes at thumbnail size; everything at box size', () => {
    expect(isBatched({ type: 'image' }, 'thumb')).toBe(true);
    expect(isBatched({ type: 'video' }, 'thumb')).toBe(true);
    expect(isBatched({ type: 'shape' }, 'thumb')).toBe(true);
    // Their labels (frame title, progress, text) need a real view.
    expect(isBatched({ type: 'frame' }, 'thumb')).toBe(false);
    expect(isBatched({ type: 'placeholder' }, 'thumb')).toBe(false);
    expect(isBatched({ type: 'text' }, 'thumb')).toBe(false);
    expect(isBatched({ type: 'placeholder' }, 'box')).toBe(true);
    expect(isBatched({ type: 'image' }, 'full')).toBe(false);
  });

  it('asks for image widths in powers of two, so zooming reloads only across buckets', () => {
    expect(imageWidthBucket(10)).toBe(64);
    expect(imageWidthBucket(64)).toBe(64);
    expect(imageWidthBucket(65)).toBe(128);
    expect(imageWidthBucket(200)).toBe(256);
    expect(imageWidthBucket(256)).toBe(256);
    expect(imageWidthBucket(900)).toBe(1024);
    expect(imageWidthBucket(100_000)).toBe(4096);
    // A zoom gesture from 130 to 250 px keeps one URL.
    expect(new Set([130, 170, 210, 250].map(imageWidthBucket)).size).toBe(1);
  });
});
