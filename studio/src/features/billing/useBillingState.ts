/**
 * What the plan cards need: the catalogue (public, in the visitor's currency) and, when signed
 * in, the subscription log (§4: subscription data is fetched only when signed in).
 */
import { getLanguage } from '@tessera/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../app/useLanguage.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useViewer } from '../auth/useViewer.ts';
import { heldPlanOf, type PlanCardContext } from './planCardState.ts';

export const APP_NAME = 'tessera';

export function useBillingState() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const lang = useLanguage();
  const signedIn = viewer.status === 'signedIn';
  const catalogue = useQuery(trpc.billing.catalogue.queryOptions({ appName: APP_NAME, language: getLanguage(lang).bcp47 }));
  const subLog = useQuery({ ...trpc.subLog.getSubLog.queryOptions({ appName: APP_NAME }), enabled: signedIn });
  const loading = viewer.status === 'loading' || catalogue.isPending || (signedIn && subLog.isPending);
  const context: PlanCardContext | null =
    catalogue.data && !loading
      ? {
          signedIn,
          paymentsEnabled: catalogue.data.paymentsEnabled,
          expirePayment: subLog.data?.expirePayment ?? false,
          held: heldPlanOf(subLog.data, catalogue.data.products),
        }
      : null;
  return { viewer, catalogue, subLog, context, loading };
}
