import { defineConfig } from 'vitest/config';

// Projects: pure unit tests, server unit tests, integration tests against a real PostgreSQL
// (one database per test file, cloned from a migrated template), studio unit tests (node, with
// jsdom only in the files that ask for it) and browser tests (Chromium).
// The local engine renders test-sized media in every project (fewer frames a second, the
// fastest encoder preset; the same codecs, frame sizes and durations): ENGINE_MEDIA_PROFILE.
const env = { ENGINE_MEDIA_PROFILE: 'test' };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', env } },
      {
        test: {
          name: 'server-unit',
          include: ['server/src/**/*.test.ts', 'db/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          environment: 'node',
          env,
        },
      },
      {
        test: {
          name: 'server-int',
          include: ['server/**/*.int.test.ts', 'db/**/*.int.test.ts'],
          environment: 'node',
          env,
          // The files wait on PostgreSQL, ffmpeg and sockets much of the time: two at a time.
          // Modules are loaded once per worker, not once per file (each file still builds its
          // own app on its own database), which saves re-importing the app graph 43 times.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'studio-unit',
          include: ['studio/src/**/*.test.{ts,tsx}'],
          // Most studio tests are pure logic; a file that needs the DOM says so with a
          // `// @vitest-environment jsdom` docblock, so only those pay jsdom's set-up.
          environment: 'node',
          env,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['studio/e2e/**/*.spec.ts'],
          environment: 'node',
          env,
          // One server for the specs that need no configuration of their own.
          globalSetup: ['studio/e2e/globalSetup.ts'],
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
