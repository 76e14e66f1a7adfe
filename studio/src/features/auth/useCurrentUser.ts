import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from './useViewer.ts';

/**
 * §7 user.find: only when signed in; cached 200 ms. It decorates the header, so its failures
 * stay quiet (skipError): a late 401 while signing out must not open the log-in dialog.
 */
export function useCurrentUser() {
  const trpc = useTRPC();
  const viewer = useViewer();
  return useQuery({
    ...trpc.user.find.queryOptions(undefined, { staleTime: 200, gcTime: 200 }),
    enabled: viewer.status === 'signedIn',
    meta: { skipError: true },
  });
}
