/**
 * The publish call (feed.publish). The dialog's form maps onto zPublishInput; the server checks
 * who may publish (§6: a verified, signed-in user) and answers with the published content.
 * Errors are shown in the dialog itself, so the global reaction stays quiet.
 */
import type { ContentDetail, FeedCategory } from '@tessera/shared/feed';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

export interface PublishInput {
  creationId: string;
  title: string;
  tags: string[];
  visibility: 'public' | 'unlisted';
  /** §6: others can view it but not see the prompt, download or remix it. */
  copyProtection: boolean;
  /** Where it is listed; the server picks one from the creation's kind when absent. */
  category?: FeedCategory;
}

export type PublishSubmit = (input: PublishInput) => Promise<ContentDetail>;

export function usePublishSubmit(): PublishSubmit {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const publish = useMutation(
    trpc.feed.publish.mutationOptions({
      meta: { skipError: true },
      onSuccess: (content) => {
        queryClient.setQueryData(trpc.feed.get.queryKey({ id: content.id }), content);
        void queryClient.invalidateQueries({ queryKey: trpc.feed.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.feed.tags.pathKey() });
      },
    }),
  );
  return ({ creationId, title, tags, visibility, copyProtection, category }) =>
    publish.mutateAsync({ creationId, title, tags, visibility, copyProtection, ...(category ? { category } : {}) });
}
