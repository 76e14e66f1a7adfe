/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the build,
 * which the server hands out by content negotiation (`@fastify/static` `preCompressed`, see
 * server/src/plugins/studio.ts): nothing is compressed per request, and at strong levels.
 * A copy is only kept when it is smaller than the file. Source maps are left alone (only
 * developer tools fetch them).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|xml|webmanifest)$/;
/** Below this a copy saves a few dozen bytes at most (a 600-byte icon chunk still halves). */
const MIN_BYTES = 256;
/**
 * Brotli 10, not 11: measured on this build's 5.3 MB of JavaScript, 11 took 2.5 times as long
 * (22 s against 9 s on the loaded 2-core machine) for copies 1.5 % smaller.
 */
const QUALITY = 10;
/** Above this (ffmpeg's 32 MB core) brotli's strong levels take minutes; a mid level takes seconds. */
const LARGE_BYTES = 4 * 1024 * 1024;

async function compressFile(path: string): Promise<void> {
  const data = await readFile(path);
  if (data.length < MIN_BYTES) return;
  const large = data.length > LARGE_BYTES;
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: large ? 5 : QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: path.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(data, { level: large ? 6 : constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < data.length ? writeFile(`${path}.br`, br) : undefined,
    gzipped.length < data.length ? writeFile(`${path}.gz`, gzipped) : undefined,
  ]);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tessera:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every file is on disk, the public directory's copies included.
    async closeBundle() {
      const started = performance.now();
      const outDir = resolve(config.root, config.build.outDir);
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
      // zlib runs on libuv's thread pool (4 threads): a few files at a time keeps every thread busy.
      const queue = [...files];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let file = queue.shift(); file; file = queue.shift()) await compressFile(file);
        }),
      );
      config.logger.info(`precompress: brotli + gzip copies of ${files.length} files in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
