import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and applied
// at start-up by connect() on both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/src/schema/*.ts',
  out: './db/migrations',
});
