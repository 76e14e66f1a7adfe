import { defineConfig } from 'vitest/config';

// Projects: pure unit tests, server unit tests, integration tests against a real PostgreSQL
// (one database per test file, cloned from a migrated template), studio unit tests (node, with
// jsdom only in the files that ask for it) and browser tests (Chromium).
// vitest runs one file at a time on 2 cores unless told otherwise (cores − 1); the unit
// projects are CPU-bound, so two at a time uses both.
const maxWorkers = 2;

// The local engine renders test-sized media in every project (fewer frames a second, the
// fastest encoder preset; the same codecs, frame sizes and durations): ENGINE_MEDIA_PROFILE.
const env = { ENGINE_MEDIA_PROFILE: 'test' };

// `expect.poll` waits for something the server, a worker or the page does next. Its default
// (one second) is a guess about the machine's speed, and a busy 2-core machine misses it: the
// projects that talk to real processes give it as long as a locator's wait.
const POLL = { timeout: 15_000, interval: 50 };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', env, maxWorkers } },
      {
        test: {
          name: 'server-unit',
          include: ['server/src/**/*.test.ts', 'db/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          environment: 'node',
          env,
          maxWorkers,
          // Modules load once per worker, not once per file (the engine's graph is large): a
          // third less time. The studio's unit tests stay isolated: some replace modules with vi.mock.
          isolate: false,
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
          maxWorkers,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: POLL },
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
          maxWorkers,
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
          // The harness, playwright-core and the shared rules load once per worker, not per spec.
          isolate: false,
          // A journey takes 5–35 s on CI; a machine two or three times slower than usual must not
          // turn a working journey into a timeout, so the limits are generous (they cost nothing
          // while tests pass) and a locator or a poll still names what it waited for.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { ...POLL, timeout: 30_000 } },
          // Two specs at a time: much of a journey is waiting on the server, the local engine
          // and the page. `npm test` runs this project after the others, never beside them.
          maxWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
