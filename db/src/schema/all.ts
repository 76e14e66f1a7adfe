/** The whole schema, one module per area; `connect()` and drizzle-kit read it from here. */
export * from './auth.ts';
