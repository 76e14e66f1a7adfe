/**
 * Starts the server the browser specs share (one process and database for the whole e2e run,
 * instead of one per spec) and stops it when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { SHARED_SERVER_ENV, startServer } from './harness.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer({ env: { ...SHARED_SERVER_ENV } });
  project.provide('e2eServerUrl', server.url);
  return () => server.stop();
}
