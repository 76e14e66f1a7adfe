/**
 * Liking content, optimistically: the heart and the count change at once, the server's answer
 * settles them, and a failure puts them back. Likes of one item run one after another (mutation
 * scope), so quick toggles cannot land out of order.
 */
import type { ContentDetail } from '@tessera/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

/** The detail after the viewer sets `liked`; the count moves only when the state really changes. */
export function applyLike(detail: ContentDetail, liked: boolean): ContentDetail {
  if (detail.liked === liked) return detail;
  return { ...detail, liked, likeCount: Math.max(0, detail.likeCount + (liked ? 1 : -1)) };
}

export function useContentLike(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.feed.get.queryKey({ id });
  return useMutation(
    trpc.feed.like.mutationOptions({
      scope: { id: `feed.like:${id}` },
      onMutate: async ({ liked }) => {
        await queryClient.cancelQueries({ queryKey });
        const previous = queryClient.getQueryData(queryKey);
        queryClient.setQueryData(queryKey, (old) => old && applyLike(old, liked));
        return { previous };
      },
      onError: (_error, _input, result) => {
        if (result?.previous) queryClient.setQueryData(queryKey, result.previous);
      },
      onSuccess: ({ liked, likeCount }) => queryClient.setQueryData(queryKey, (old) => old && { ...old, liked, likeCount }),
      // Cards in the feed show the count too.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.feed.list.pathKey() }),
    }),
  );
}
