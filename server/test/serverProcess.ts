/**
 * The command line a test starts the server, the worker or a script with as a process of its own.
 *
 * It runs the compiled build (`server/dist`, what `npm run build` makes and `npm test` builds
 * before the tests) when that build is newer than every source file it is built from, and the
 * sources through tsx otherwise — so a stale build is never what a test checks. The compiled start
 * costs about half the CPU of a tsx start (no loader, no transform of ~600 modules), which the
 * tests that start many processes (two nodes, workers, rolling restarts, the browser tests' own
 * servers) feel on a 2-core machine.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Newest modification time of a source file under `dir` (tests and build output aside). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|tsx|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

let compiledIsCurrent: boolean | undefined;

/** True when `server/dist` holds a build of the sources as they are now. */
export function compiledBuildIsCurrent(): boolean {
  if (compiledIsCurrent === undefined) {
    const built = join(ROOT, 'server/dist/main.js');
    compiledIsCurrent =
      existsSync(built) &&
      existsSync(join(ROOT, 'server/dist/worker.js')) &&
      statSync(built).mtimeMs >= Math.max(...['server/src', 'shared/src', 'db/src'].map((d) => newestSource(join(ROOT, d))));
  }
  return compiledIsCurrent;
}

/** `node` arguments that run `server/src/<script>.ts`, compiled when the build is current. */
export function serverArgs(script: 'main' | 'worker' | 'media-to-s3'): string[] {
  return compiledBuildIsCurrent() ? [join(ROOT, `server/dist/${script}.js`)] : ['--import', 'tsx', join(ROOT, `server/src/${script}.ts`)];
}
