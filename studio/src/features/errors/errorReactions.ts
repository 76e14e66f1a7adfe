/** Performs the reaction `classifyError` chose. The only place that turns errors into UI. */
import { toast } from '../../lib/toast.tsx';
import { reactToUserDeleted } from '../account/userDeleted.ts';
import { IMPLEMENTED_POPUPS, usePopupStore } from '../popups/popupStore.ts';
import { classifyError } from '../../lib/clientErrors.ts';
import { i18n } from '../../lib/i18n.ts';
import { SUPPORT_EMAIL, TOAST_DURATION_MS } from '../../lib/site.ts';

export function reactToError(error: unknown): void {
  const reaction = classifyError(error);
  if (reaction.kind === 'silent') return;
  console.error('[tessera] call failed', error);
  const t = i18n.t.bind(i18n);
  const popups = usePopupStore.getState();

  switch (reaction.kind) {
    case 'signIn':
      // On the sign-in pages the form is already there.
      if (!window.location.pathname.includes('sign-')) popups.open('logIn', {});
      return;
    case 'userDeleted':
      // Sign out here, say so, go home; never the log-in popup (the account is gone).
      popups.close();
      void reactToUserDeleted();
      return;
    case 'siteUpdated':
      toast.success(t('common:errors.siteUpdated'), {
        duration: TOAST_DURATION_MS,
        action: { label: t('common:errors.refreshNow'), onClick: () => window.location.reload() },
      });
      return;
    case 'contactSupport':
      toast.error(t('common:errors.network'), {
        duration: TOAST_DURATION_MS,
        action: { label: t('common:errors.contactUs'), onClick: () => window.location.assign(`mailto:${SUPPORT_EMAIL}`) },
      });
      return;
    case 'upgrade':
      if (IMPLEMENTED_POPUPS.has('upgradePlan')) popups.open('upgradePlan', { infoType: reaction.infoType });
      else toast.error(reaction.message, { duration: TOAST_DURATION_MS });
      return;
    case 'outOfCredits':
      if (IMPLEMENTED_POPUPS.has('upgradePlan')) popups.open('upgradePlan', { reason: 'credits' });
      else toast.error(reaction.message, { duration: TOAST_DURATION_MS });
      return;
    case 'concurrency':
      if (IMPLEMENTED_POPUPS.has('concurrency')) popups.open('concurrency');
      else toast.error(reaction.message, { duration: TOAST_DURATION_MS });
      return;
    case 'usage':
    case 'toast':
      toast.error(reaction.message, { duration: TOAST_DURATION_MS });
      return;
  }
}
