import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nodesOf, writeNode, zImageNode } from '@tessera/shared/canvas';
import { DocumentStore } from './DocumentStore.ts';
import { intersects } from './geometry.ts';
import { SpatialIndex } from './spatialIndex.ts';
import type { Rect } from './types.ts';

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomRect(r: () => number, spread: number, maxSize: number): Rect {
  return { x: (r() - 0.5) * spread, y: (r() - 0.5) * spread, width: r() * maxSize, height: r() * maxSize };
}

describe('SpatialIndex', () => {
  it('returns exactly the boxes a brute-force scan finds, for random boxes and queries (10k entries)', () => {
    const r = rng(42);
    const index = new SpatialIndex();
    const boxes = new Map<string, Rect>();
    for (let i = 0; i < 10_000; i++) {
      // Mostly image-sized boxes, a few huge ones (frames spanning many cells), some negative space.
      const rect = i % 500 === 0 ? randomRect(r, 200_000, 40_000) : randomRect(r, 200_000, 1_200);
      boxes.set(`n${i}`, rect);
      index.set(`n${i}`, rect);
    }
    // Moves and removals keep it exact too.
    for (let i = 0; i < 2_000; i++) {
      const id = `n${Math.floor(r() * 10_000)}`;
      if (r() < 0.3) {
        boxes.delete(id);
        index.remove(id);
      } else {
        const rect = randomRect(r, 200_000, 1_200);
        boxes.set(id, rect);
        index.set(id, rect);
      }
    }
    for (let q = 0; q < 300; q++) {
      const query = q % 50 === 0 ? randomRect(r, 100_000, 300_000) : randomRect(r, 200_000, 8_000);
      const expected = [...boxes].filter(([, rect]) => intersects(rect, query)).map(([id]) => id).sort();
      expect(index.query(query).sort()).toEqual(expected);
    }
    expect(index.size).toBe(boxes.size);
  });

  it('a viewport query over 10,000 boxes costs what is visible, not the document size', () => {
    const r = rng(7);
    const rects = [...Array(10_000).keys()].map((i) => ({ id: `n${i}`, rect: randomRect(r, 60_000, 512) }));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    // How long a build takes is bench/canvas.ts's to measure, not a test's (a busy machine made it flaky).
    const index = new SpatialIndex();
    for (const { id, rect } of rects) index.set(id, rect);
    expect(index.size).toBe(rects.length);

    // The same 200 viewport queries through the index and by scanning everything: same answers,
    // and the index must be far cheaper (a ratio, so a loaded machine does not make it flaky).
    const views = [...Array(200).keys()].map(() => ({ x: r() * 58_000, y: r() * 58_000, width: 1920, height: 1080 }));
    const scan = (view: Rect) => rects.filter(({ rect }) => intersects(rect, view)).map(({ id }) => id);
    for (const view of views.slice(0, 20)) expect(index.query(view).sort()).toEqual(scan(view).sort());
    const time = (fn: () => void) => {
      const t0 = performance.now();
      fn();
      return performance.now() - t0;
    };
    const indexed = median([0, 1, 2].map(() => time(() => views.forEach((v) => index.query(v)))));
    const scanned = median([0, 1, 2].map(() => time(() => views.forEach((v) => scan(v)))));
    expect(indexed * 10).toBeLessThan(scanned);
  });

  it('the document store answers queries in draw order from its index', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (let i = 0; i < 1_000; i++) {
        writeNode(doc, zImageNode.parse({ id: `n${i}`, type: 'image', src: '/a.png', x: (i % 40) * 600, y: Math.floor(i / 40) * 600, width: 512, height: 512, z: 1_000 - i }));
      }
    });
    expect(nodesOf(doc).size).toBe(1_000);
    const store = new DocumentStore(doc, {});
    const visible = store.query({ x: 0, y: 0, width: 1300, height: 700 });
    expect(visible.map((n) => n.id)).toEqual(['n42', 'n41', 'n40', 'n2', 'n1', 'n0']);
    store.dispose();
  });
});
