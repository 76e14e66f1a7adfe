/** Whether the signed-in user can still check in today (the dot on the user menu). */
import { utcDay } from '@tessera/shared/rewards';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';

export function useCheckInPending(): boolean {
  const trpc = useTRPC();
  const viewer = useViewer();
  const { data } = useQuery({
    ...trpc.checkIn.get.queryOptions(),
    enabled: viewer.status === 'signedIn',
    staleTime: 60_000,
    // Coming back to the tab (maybe after checking in elsewhere, or the next day) refreshes the dot.
    refetchOnWindowFocus: true,
    meta: { skipError: true },
  });
  if (!data) return false;
  // A page left open past 00:00 UTC: yesterday's answer no longer holds.
  return !data.checkedInToday || data.today !== utcDay(new Date());
}
