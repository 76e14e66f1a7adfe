/**
 * Starts the server the browser specs share (one process and database for the whole e2e run,
 * instead of one per spec) and the Chromium they connect to, and stops both when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, SHARED_SERVER_ENV, startServer } from './harness.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [server, browser] = await Promise.all([startServer({ env: { ...SHARED_SERVER_ENV } }), launchBrowserServer()]);
  project.provide('e2eServerUrl', server.url);
  project.provide('e2eBrowserWsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
