/** Picks the payment gateway for a deployment: Stripe with keys, else the test checkout when allowed, else none. */
import type { Database } from '@tessera/db/connect';
import type { Config } from '../../config.ts';
import type { BillingGateway } from './gateway.ts';
import { StripeGateway } from './stripeGateway.ts';
import { TestGateway } from './testGateway.ts';

export function createGateways(config: Config, db: Database): { gateway: BillingGateway | null; stripe: StripeGateway | null } {
  if (config.billing.stripe) {
    const stripe = new StripeGateway(config.billing.stripe);
    return { gateway: stripe, stripe };
  }
  if (config.billing.testCheckout) return { gateway: new TestGateway(db), stripe: null };
  return { gateway: null, stripe: null };
}
