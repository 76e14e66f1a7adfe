/** system.announcement, fetched once per page session and shared by the gate and the popup. */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

export function useAnnouncement(enabled = true) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.system.announcement.queryOptions(),
    enabled,
    // An operator changes it with a restart; a visitor needs it once per visit.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    // Nice to have: a failure must never bother the visitor with a toast.
    meta: { skipError: true },
  });
}
