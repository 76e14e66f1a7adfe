import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { PRESENCE_THROTTLE_MS } from './Presence.ts';
import { TestCanvas } from './testing/TestCanvas.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.useRealTimers();
});

/** Two canvases whose documents and awareness are connected, as through the collaboration server. */
function twoPeople() {
  const docA = new Y.Doc();
  const docB = new Y.Doc();
  docA.on('update', (u: Uint8Array, o: unknown) => o !== 'remote' && Y.applyUpdate(docB, u, 'remote'));
  docB.on('update', (u: Uint8Array, o: unknown) => o !== 'remote' && Y.applyUpdate(docA, u, 'remote'));
  const awA = new Awareness(docA);
  const awB = new Awareness(docB);
  const relay = (from: Awareness, to: Awareness) => (changes: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === 'remote') return;
    const ids = [...changes.added, ...changes.updated, ...changes.removed];
    applyAwarenessUpdate(to, encodeAwarenessUpdate(from, ids), 'remote');
  };
  awA.on('update', relay(awA, awB));
  awB.on('update', relay(awB, awA));
  const a = new TestCanvas({ doc: docA, awareness: awA, user: { id: 'ua', name: 'Ada', color: '#e11d48' } });
  const b = new TestCanvas({ doc: docB, awareness: awB, user: { id: 'ub', name: 'Bob', color: '#2563eb' } });
  // Late joiners get the current states (the provider does this on connect).
  applyAwarenessUpdate(awB, encodeAwarenessUpdate(awA, [awA.clientID]), 'remote');
  applyAwarenessUpdate(awA, encodeAwarenessUpdate(awB, [awB.clientID]), 'remote');
  cleanups.push(() => {
    a.dispose();
    b.dispose();
    awA.destroy();
    awB.destroy();
  });
  return { a, b, awA, awB };
}

describe('presence', () => {
  it("peers() lists the others (not me) with their cursor, selection and view", () => {
    vi.useFakeTimers();
    const { a, b, awA } = twoPeople();
    b.createNodes({ type: 'shape', id: 's' });
    expect(a.manager.presence.peers().map((p) => p.user.name)).toEqual(['Bob']);
    expect(b.manager.presence.peers().map((p) => p.user.name)).toEqual(['Ada']);

    a.pointerMove(120, 80);
    a.click(50, 50);
    a.setCamera({ x: 100, y: 200, zoom: 2 });
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    const ada = b.manager.presence.peers()[0];
    expect(ada).toMatchObject({ clientId: awA.clientID, user: { id: 'ua', name: 'Ada', color: '#e11d48' }, cursor: { x: 50, y: 50 }, selection: ['s'] });
    expect(ada?.view).toEqual({ x: 100, y: 200, width: 500, height: 400 });
    a.manager.pointerLeave();
    expect(b.manager.presence.peers()[0]?.cursor).toBeNull();
  });

  it('cursor updates are throttled to one per ~30 ms, the last position always arriving', () => {
    vi.useFakeTimers();
    const { a, b } = twoPeople();
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    let updates = 0;
    b.manager.presence.subscribe(() => updates++);
    for (let i = 0; i < 10; i++) a.pointerMove(i * 10, 0);
    expect(updates).toBe(1);
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    expect(updates).toBe(2);
    expect(b.manager.presence.peers()[0]?.cursor).toEqual({ x: 90, y: 0 });
  });

  it("follow keeps my camera on the peer's view until I pan or zoom myself", () => {
    vi.useFakeTimers();
    const { a, b, awA } = twoPeople();
    const follower = b.manager;
    follower.presence.follow(awA.clientID);
    a.setCamera({ x: 1000, y: 1000, zoom: 0.5 });
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    // Same container size: B now sees exactly what A sees.
    expect(follower.viewport.visibleRect()).toEqual(a.manager.viewport.visibleRect());
    a.setCamera({ x: 3000, y: 1000, zoom: 0.5 });
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    expect(follower.viewport.camera.x).toBeCloseTo(3000);
    expect(follower.presence.following).toBe(awA.clientID);
    // B pans: following stops, A's next move no longer drags B's camera.
    b.wheel(10, 10, 50, 0);
    expect(follower.presence.following).toBeNull();
    a.setCamera({ x: 0, y: 0, zoom: 1 });
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    expect(follower.viewport.camera.x).toBeCloseTo(3100);
  });

  it('a peer that leaves disappears and stops being followed', () => {
    const { a, b, awA } = twoPeople();
    b.manager.presence.follow(awA.clientID);
    a.dispose();
    awA.setLocalState(null);
    expect(b.manager.presence.peers()).toEqual([]);
    expect(b.manager.presence.following).toBeNull();
  });

  it("streams a drag live through awareness: the peer sees the node move, the document gets one write on release", () => {
    vi.useFakeTimers();
    const { a, b } = twoPeople();
    a.createNodes({ type: 'shape', id: 's', x: 0, y: 0, width: 100, height: 100 });
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    let writes = 0;
    b.doc.on('update', () => writes++);

    a.pointerDown(50, 50).pointerMove(80, 60).pointerMove(150, 90);
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    // Mid-drag: Bob draws the node where Ada has it; the document (his and hers) still has it at the start.
    expect(b.manager.store.get('s')).toMatchObject({ x: 100, y: 40 });
    expect(b.node('s')).toMatchObject({ x: 0, y: 0 });
    expect(writes).toBe(0);

    a.pointerMove(250, 150);
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    expect(b.manager.store.get('s')).toMatchObject({ x: 200, y: 100 });

    a.pointerUp(250, 150);
    expect(writes).toBe(1);
    expect(b.node('s')).toMatchObject({ x: 200, y: 100 });
    expect(b.manager.presence.peers()[0]?.drag).toBeNull();
    expect(b.manager.store.get('s')).toMatchObject({ x: 200, y: 100 });
  });

  it('a drag abandoned by a disconnect snaps back to where the document has the node', () => {
    vi.useFakeTimers();
    const { a, b, awA } = twoPeople();
    a.createNodes({ type: 'shape', id: 's', x: 0, y: 0, width: 100, height: 100 });
    a.pointerDown(50, 50).pointerMove(350, 250);
    vi.advanceTimersByTime(PRESENCE_THROTTLE_MS);
    expect(b.manager.store.get('s')).toMatchObject({ x: 300, y: 200 });
    // Ada's connection drops: the server removes her awareness state for everyone.
    removeAwarenessStates(awA, [awA.clientID], 'remote');
    applyAwarenessUpdate(b.manager.presence.awareness, encodeAwarenessUpdate(awA, [awA.clientID]), 'remote');
    expect(b.manager.presence.peers()).toEqual([]);
    expect(b.manager.store.get('s')).toMatchObject({ x: 0, y: 0 });
  });

  it('ignores malformed awareness states from other clients', () => {
    const { b, awA } = twoPeople();
    awA.setLocalState({ user: { id: 1 }, cursor: 'here' });
    expect(b.manager.presence.peers()).toEqual([]);
  });
});
