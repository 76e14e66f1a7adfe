/**
 * Mounted once (RootLayout): takes `?invite=CODE` out of any URL it arrives on, and redeems the
 * kept code once the visitor is signed in with an e-mail (after sign-up and verification, or a
 * log-in), then says what happened.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.tsx';
import { i18n } from '../../lib/i18n.ts';
import { TOAST_DURATION_MS } from '../../lib/site.ts';
import { useTRPC, useTRPCClient } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { type PendingInviteOutcome, readPendingInvite, redeemPendingInvite, takeInviteParam } from './pendingInvite.ts';

export function usePendingInvite(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const redeeming = useRef(false);
  // Bumped when a link brings a code, so a visitor who is already signed in redeems it too.
  const [captured, setCaptured] = useState(0);

  useEffect(() => {
    const rest = takeInviteParam(location.search);
    if (rest === null) return;
    setCaptured((n) => n + 1);
    void navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);

  const userId = viewer.status === 'signedIn' ? viewer.userId : null;
  useEffect(() => {
    if (!userId || redeeming.current || !readPendingInvite()) return;
    redeeming.current = true;
    void redeemPendingInvite((code) => client.invite.redeem.mutate({ code }))
      .then(async (outcome) => {
        if (!outcome) return;
        await showOutcome(outcome);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.invite.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.mission.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.credits.pathKey() }),
        ]);
      })
      .finally(() => {
        redeeming.current = false;
      });
  }, [userId, captured, client, queryClient, trpc]);
}

async function showOutcome(outcome: PendingInviteOutcome) {
  // The toast outlives any page: its text comes from the rewards namespace, loaded on demand.
  await i18n.loadNamespaces('rewards');
  const t = i18n.t.bind(i18n);
  if (!outcome.ok) {
    toast.error(outcome.message || t('rewards:invite.redeem.failed'), { duration: TOAST_DURATION_MS });
    return;
  }
  const { answer } = outcome;
  if (answer.status === 'rewarded') {
    toast.success(t('rewards:invite.toast.rewarded', { credits: answer.credits }), { duration: TOAST_DURATION_MS });
    return;
  }
  toast.info(answer.message ?? t('rewards:invite.redeem.alreadyRewarded'), { duration: TOAST_DURATION_MS });
}
