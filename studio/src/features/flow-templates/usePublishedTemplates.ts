/** Published flow templates a page at a time (`flowTemplate.explore`, public: no session needed). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

const TEMPLATE_PAGE_SIZE = 24;

export function usePublishedTemplates(input: { sort: 'new' | 'popular'; output?: 'image' | 'video' }, enabled = true) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.flowTemplate.explore.infiniteQueryOptions({ limit: TEMPLATE_PAGE_SIZE, ...input }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    enabled,
    meta: { skipError: true },
  });
}
