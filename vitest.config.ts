import { defineConfig } from 'vitest/config';

// Projects: pure unit tests, server unit tests, integration tests against a real PostgreSQL
// (one fresh database per test file), studio unit tests (jsdom) and browser tests (Chromium).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-unit',
          include: ['server/src/**/*.test.ts', 'db/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-int',
          include: ['server/**/*.int.test.ts', 'db/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'studio-unit',
          include: ['studio/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['studio/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine, and only after the other projects
          // (the engine's integration tests would otherwise starve the browser of CPU).
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
