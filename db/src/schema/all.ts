/** The whole schema, one module per area; `connect()` and drizzle-kit read it from here. */
export * from './auth.ts';
export * from './credits.ts';
export * from './generation.ts';
export * from './media.ts';
export * from './creations.ts';
export * from './mail.ts';
export * from './billing.ts';
export * from './rewards.ts';
export * from './analytics.ts';
export * from './catalog.ts';
export * from './feed.ts';
export * from './admin.ts';
export * from './projects.ts';
export * from './api.ts';
export * from './flows.ts';
