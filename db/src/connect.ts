/**
 * One entry to the database: PGlite (embedded Postgres, file-backed) when no DATABASE_URL is
 * given, PostgreSQL through `pg` otherwise. Same schema, same migrations, same queries.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/all.ts';
import { seedCatalogue, seedTemplates } from './seed.ts';

export type Schema = typeof schema;
/** The database type every repository uses, whichever back end is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface ConnectConfig {
  /** PostgreSQL URL; when unset an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for embedded data; PGlite lives in `<dataDir>/db`. Ignored with a URL. */
  dataDir?: string | undefined;
  /** Use an in-memory PGlite (tests). */
  inMemory?: boolean;
  /** Apply migrations and upsert the seed catalogue before returning (default true). */
  migrate?: boolean;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /** Connections of the PostgreSQL pool (metrics); absent on PGlite, which has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed number: several app nodes starting at once must not migrate concurrently.
const MIGRATION_LOCK_KEY = 726_011;

export async function connect(config: ConnectConfig): Promise<DatabaseHandle> {
  const handle = config.databaseUrl ? connectPostgres(config.databaseUrl, config.poolSize) : await connectPglite(config);
  if (config.migrate !== false) await handle.migrate();
  return handle;
}

function connectPostgres(url: string, poolSize = 10): DatabaseHandle & { migrate(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: () => ping(db as unknown as Database),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg(client, { schema });
        await migratePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
        await seedCatalogue(locked as unknown as Database);
        await seedTemplates(locked as unknown as Database);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
  };
}

async function connectPglite(config: ConnectConfig): Promise<DatabaseHandle & { migrate(): Promise<void> }> {
  let client: PGlite;
  if (config.inMemory) {
    client = new PGlite();
  } else {
    const dir = join(config.dataDir ?? '.data', 'db');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
    async migrate() {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await seedCatalogue(db as unknown as Database);
      await seedTemplates(db as unknown as Database);
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
