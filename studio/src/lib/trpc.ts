/**
 * The tRPC client (§7): batched unless a call sets `trpc: { context: { skipBatch: true } }`,
 * batches split past `maxURLLength` (unlimited by default) and past the server's bound of
 * RPC_MAX_BATCH_CALLS calls, the user-language header on every call. Errors reach the query
 * client's `onError` once per failed query or mutation, unless its options set
 * `meta: { skipError: true }`; the app hands it `reactToError` (features/errors), so lib/ never
 * imports features/.
 */
import type { AppRouter } from '@tessera/server/router';
import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryClientConfig,
} from '@tanstack/react-query';
import { RPC_MAX_BATCH_CALLS } from '@tessera/shared/routes';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { HtmlResponseError } from './clientErrors.ts';
import { userLanguageHeaders } from './userLanguage.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { skipError?: boolean };
    mutationMeta: { skipError?: boolean };
  }
}

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** §9: retry delay doubles per attempt up to 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** §7: two retries, but never for answers that will not change (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status && status >= 400 && status < 500) return false;
  }
  return true;
}

/**
 * A query client whose invalidation never loses a change. An invalidation says the server
 * changed (a socket event, a mutation). TanStack Query refetches a query that has data, but a
 * query still on its FIRST load joins that load, whose request may have left before the change
 * (a task that finished while its page was loading it stayed "running" forever). Such a query
 * loads once more as soon as that first load settles. Nothing is cancelled, so a caller awaiting
 * the first load (`fetchQuery`) still gets its answer.
 */
export class LiveQueryClient extends QueryClient {
  readonly #reloadAfterFirstLoad = new WeakSet<Query>();

  constructor(config?: QueryClientConfig) {
    super(config);
    this.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || (event.action.type !== 'success' && event.action.type !== 'error')) return;
      if (!this.#reloadAfterFirstLoad.delete(event.query)) return;
      const { queryKey } = event.query;
      queueMicrotask(() => void this.refetchQueries({ queryKey, exact: true, type: 'active' }));
    });
  }

  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    if (filters?.refetchType !== 'none') {
      for (const query of this.getQueryCache().findAll(filters)) {
        if (query.state.data === undefined && query.state.fetchStatus === 'fetching') this.#reloadAfterFirstLoad.add(query);
      }
    }
    return super.invalidateQueries(filters, options);
  }
}

/** `onError` is called once per failed query or mutation, unless its `meta.skipError` is set. */
export function createQueryClient(onError: (error: unknown) => void): QueryClient {
  return new LiveQueryClient({
    queryCache: new QueryCache({ onError: (error, query) => !query.meta?.skipError && onError(error) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => !mutation.meta?.skipError && onError(error),
    }),
    defaultOptions: {
      queries: {
        refetchOnMount: true,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Rejects HTML error pages (proxies, maintenance pages) so the client can react to them (§8). */
const apiFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, { ...init, credentials: 'same-origin' });
  if (!res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) throw new HtmlResponseError(res.status);
  return res;
};

export function createTrpcClient(opts: { maxURLLength?: number } = {}) {
  const common = {
    url: '/api/trpc',
    fetch: apiFetch,
    headers: userLanguageHeaders,
  };
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.context.skipBatch === true,
        true: httpLink(common),
        false: httpBatchLink({ ...common, maxURLLength: opts.maxURLLength ?? Number.POSITIVE_INFINITY, maxItems: RPC_MAX_BATCH_CALLS }),
      }),
    ],
  });
}
