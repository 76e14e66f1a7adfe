/**
 * The publish call. The server has none yet: publishing arrives with the explore feed. When it
 * does, this hook returns `useMutation(trpc.creation.publish.mutationOptions()).mutateAsync`
 * (mapped to void) and the popup's submit button comes alive; nothing else changes.
 */
export interface PublishInput {
  creationId: string;
  title: string;
  tags: string[];
  visibility: 'public' | 'unlisted';
  /** §6: others can view it but not download or remix it. */
  copyProtection: boolean;
}

export type PublishSubmit = (input: PublishInput) => Promise<void>;

export function usePublishSubmit(): PublishSubmit | null {
  return null;
}
