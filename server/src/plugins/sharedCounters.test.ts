import { describe, expect, it } from 'vitest';
import { memoryWindowCounter } from './sharedCounters.ts';

describe('memoryWindowCounter', () => {
  it('counts hits per window and starts over when the window ends', async () => {
    const counter = memoryWindowCounter();
    expect((await counter.hit('a', 60_000)).count).toBe(1);
    expect((await counter.hit('a', 60_000)).count).toBe(2);
    expect((await counter.peek('a', 60_000)).count).toBe(2);
    expect((await counter.hit('b', 1)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await counter.hit('b', 1)).count).toBe(1);
  });

  it('refuses a slot over any of its limits, takes none for it, and gives slots back once', async () => {
    const counter = memoryWindowCounter();
    const limits = (session: string) => [
      { key: `session:${session}`, max: 2 },
      { key: 'ip:1', max: 3 },
    ];
    const a1 = await counter.acquire(limits('a'), 60_000);
    const a2 = await counter.acquire(limits('a'), 60_000);
    expect(await counter.acquire(limits('a'), 60_000)).toBeNull();
    expect(await counter.acquire(limits('b'), 60_000)).not.toBeNull();
    // The IP is full now (three holders): c gets nothing, and takes no session slot either.
    expect(await counter.acquire(limits('c'), 60_000)).toBeNull();
    await a1?.();
    await a1?.();
    expect(await counter.acquire(limits('c'), 60_000)).not.toBeNull();
    expect(await counter.acquire(limits('d'), 60_000)).toBeNull();
    await a2?.();
    expect(await counter.acquire(limits('a'), 60_000)).not.toBeNull();
  });
});
