/**
 * Serves the built studio. Hashed assets are cached for a year; index.html never. The build writes
 * brotli and gzip copies of every compressible file (studio/vite-plugins/precompress.ts); the
 * static plugin picks one by the request's Accept-Encoding (`preCompressed`, with
 * `Vary: Accept-Encoding`) and falls back to the plain file when neither is accepted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Registers the static files; returns false when the studio has not been built. */
export async function registerStudio(app: FastifyInstance, distDir: string): Promise<boolean> {
  const built = existsSync(join(distDir, 'index.html'));
  if (!built) {
    app.log.warn({ distDir }, 'studio is not built; run `npm run build` (API only until then)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${join(distDir, 'assets')}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // `/` is a directory to the static plugin (which would refuse it); it is the SPA's entry.
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return true;
}
