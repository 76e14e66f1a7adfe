/**
 * §3 ecommerce records of new payments become GA4 `purchase` events. The server hands each
 * record out once (billing.takePurchases), so whoever asks first pushes it.
 */
import { pushDataLayer } from '../../lib/dataLayer.ts';

export function pushPurchases(records: readonly unknown[]): void {
  for (const record of records) pushDataLayer({ event: 'purchase', ecommerce: record });
}
