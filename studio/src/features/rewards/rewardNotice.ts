/** Toasts for the server's `reward:notice` socket event (§8 "you helped your friend get 10 free credits"). */
import type { ServerEventPayload } from '@tessera/shared/realtime';
import { toast } from '../../lib/toast.tsx';
import { i18n } from '../../lib/i18n.ts';
import { TOAST_DURATION_MS } from '../../lib/site.ts';

export async function showRewardNotice(notice: ServerEventPayload<'reward:notice'>): Promise<void> {
  // Any page may receive it: the rewards namespace is loaded on demand.
  await i18n.loadNamespaces('rewards');
  toast.success(i18n.t(`rewards:notice.${notice.kind}`, { credits: notice.credits }), { duration: TOAST_DURATION_MS });
}
