import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n.ts';
import { createTrpcClient, retryDelay, shouldRetry } from './trpc.ts';

const ok = (n: number) =>
  new Response(JSON.stringify(Array.from({ length: n }, () => ({ result: { data: { ok: true } } }))), {
    headers: { 'content-type': 'application/json' },
  });

function recordFetch() {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, headers: new Headers(init?.headers) });
    const batched = new URL(url, 'http://x').searchParams.get('batch') === '1';
    const count = batched ? new URL(url, 'http://x').pathname.split('/').at(-1)!.split(',').length : 0;
    return batched ? ok(count) : new Response(JSON.stringify({ result: { data: { ok: true } } }), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('studio tRPC client (§7)', () => {
  it('batches calls into one request and sends the user-language header', async () => {
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
    await i18n.changeLanguage('tw');
    const calls = recordFetch();
    const client = createTrpcClient();
    await Promise.all([client.system.ping.query(), client.user.getReqInfo.query()]);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/api/trpc/system.ping,user.getReqInfo');
    expect(calls[0]!.headers.get('user-language')).toBe('tw');
  });

  it('sends a call flagged skipBatch on its own', async () => {
    const calls = recordFetch();
    const client = createTrpcClient();
    await Promise.all([client.system.ping.query(undefined, { context: { skipBatch: true } }), client.user.getReqInfo.query()]);
    expect(calls).toHaveLength(2);
    expect(calls.some((c) => !c.url.includes('batch=1') && c.url.includes('system.ping'))).toBe(true);
  });

  it('splits a batch whose URL would exceed maxURLLength', async () => {
    const calls = recordFetch();
    const client = createTrpcClient({ maxURLLength: 60 });
    await Promise.all([client.system.ping.query(), client.user.getReqInfo.query(), client.system.ping.query()]);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.url.length).toBeLessThanOrEqual(60 + 40);
  });

  it('retries twice at most, never on 4xx, with delays doubling up to 30 s', () => {
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(false);
    expect([retryDelay(0), retryDelay(1), retryDelay(2), retryDelay(10)]).toEqual([1000, 2000, 4000, 30_000]);
  });
});

describe('the query client (createQueryClient)', () => {
  it('an invalidation during a first load that began before the change loads again and shows the change', async () => {
    const { QueryObserver } = await import('@tanstack/react-query');
    const { createQueryClient } = await import('./trpc.ts');
    const errors: unknown[] = [];
    const client = createQueryClient((e) => errors.push(e));
    // The server's state; the first request leaves, then the task finishes, then it answers.
    let status = 'running';
    let release!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['task', 1],
      queryFn: async ({ signal }) => {
        requests += 1;
        const seen = status;
        if (requests === 1) await firstAnswer;
        if (signal.aborted) throw new Error('aborted');
        return seen;
      },
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    await vi.waitFor(() => expect(requests).toBe(1));
    status = 'succeeded';
    void client.invalidateQueries({ queryKey: ['task'] });
    release();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('succeeded'));
    expect(requests).toBe(2);
    expect(errors).toEqual([]);
    unsubscribe();
  });

  it('a caller awaiting that first load still gets its answer, and a query nobody watches is not reloaded', async () => {
    const { createQueryClient } = await import('./trpc.ts');
    const client = createQueryClient(() => undefined);
    let release!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    const loading = client.fetchQuery({
      queryKey: ['task', 2],
      queryFn: async () => {
        requests += 1;
        await firstAnswer;
        return 'running';
      },
    });
    void client.invalidateQueries({ queryKey: ['task'] });
    release();
    await expect(loading).resolves.toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toBe(1);
  });
});
