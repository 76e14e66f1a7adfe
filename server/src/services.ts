/** What the app is built from; buildApp receives these, tests build them with a fresh database. */
import type { Database, DatabaseHandle } from '@tessera/db/connect';
import type { CollabService } from './collab/collab.types.ts';
import type { Config } from './config.ts';
import type { ToolRunner } from './generation/engine/enginePool.ts';
import type { ModerationService } from './generation/moderation.ts';
import type { ModelCatalog } from './generation/providers/hosted/modelCatalog.ts';
import type { WorkerPool } from './generation/worker.ts';
import type { MediaStorage } from './media/storage.ts';
import type { Auth } from './modules/auth/auth.ts';
import type { BillingDeps } from './modules/billing/billing.service.ts';
import type { StripeGateway } from './modules/billing/stripeGateway.ts';
import type { MailOutbox } from './modules/mail/mail.ts';
import type { WindowCounter } from './plugins/sharedCounters.ts';
import type { Realtime } from './realtime/realtime.ts';

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  realtime: Realtime;
  moderation: ModerationService;
  storage: MediaStorage;
  /** The engine pool for work done while answering requests (accept-time face checks, catalogue previews); tasks use the workers' own. */
  engine: ToolRunner;
  /** The in-process worker pool; null when WORKER_CONCURRENCY is 0 (separate worker processes). */
  workers: WorkerPool | null;
  /** Payments: the gateway (Stripe, the test checkout, or none) with what the billing service needs. */
  billing: BillingDeps;
  /** The collaboration server (Hocuspocus at /collab): project documents. */
  collab: CollabService | null;
  /** Outgoing mail, sent in the background (project invites; auth mails use it too). */
  outbox: MailOutbox;
  /** Set in Stripe mode: verifies and follows webhooks. */
  stripe: StripeGateway | null;
  /** The model catalogue with the operator's changes, and which hosted providers are configured. */
  models: ModelCatalog;
  /** Counters every node shares (plugins/sharedCounters.ts): request limits, e.g. the API's per-key rate. */
  counters: WindowCounter;
}
