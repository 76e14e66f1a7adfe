/**
 * §3 ecommerce records of new payments become `purchase` events (GA4's `ecommerce` object in
 * the data layer, the record's fields at the collector). A first payment — not a renewal — also
 * means a subscription just became active: `sub_start`. The server hands each record out once
 * (billing.takePurchases), so whoever asks first reports it: the pricing page back from a
 * checkout, or the `subscription:changed` socket event.
 */
import { EVENT_PROPERTIES } from '@tessera/shared/analytics';
import { productTypeFromName } from '@tessera/shared/plans';
import { track } from '../../lib/analytics/tracker.ts';

export type PurchaseSource = 'checkout' | 'realtime';

export function pushPurchases(records: readonly unknown[], source: PurchaseSource): void {
  for (const record of records) {
    // The server sends ISO currency codes in capitals (as GA4 wants them); the collector's schema is lowercase.
    const raw = record && typeof record === 'object' ? (record as Record<string, unknown>) : {};
    const parsed = EVENT_PROPERTIES.purchase.safeParse({ ...raw, currency: typeof raw.currency === 'string' ? raw.currency.toLowerCase() : raw.currency });
    if (!parsed.success) {
      console.warn('[analytics] unexpected purchase record', record);
      continue;
    }
    const purchase = parsed.data;
    track('purchase', purchase, { dataLayer: { ecommerce: record } });
    const item = purchase.items[0];
    if (!purchase.renewal && item) {
      track('sub_start', {
        plan_type: productTypeFromName(item.item_name, 'pro'),
        period: item.item_category2 === 'Annually' ? 'yearly' : 'monthly',
        source,
      });
    }
  }
}
