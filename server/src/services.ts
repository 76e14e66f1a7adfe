/** What the app is built from; buildApp receives these, tests build them with a fresh database. */
import type { Database, DatabaseHandle } from '@tessera/db/connect';
import type { Config } from './config.ts';
import type { Auth } from './modules/auth/auth.ts';
import type { Realtime } from './realtime/realtime.ts';

export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  realtime: Realtime;
}
