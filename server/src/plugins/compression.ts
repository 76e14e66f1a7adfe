/**
 * Compresses dynamic answers — tRPC and REST JSON, the SPA's page — of 1 KB or more, by the
 * request's Accept-Encoding (brotli, else gzip; `Vary: Accept-Encoding`). A feed page or the model
 * catalogue is 10–100 KB of JSON and shrinks five- to tenfold (issue 25, bench/wire.ts).
 *
 * What is left alone: the studio's files, which are served from their pre-compressed copies
 * (plugins/studio.ts; an answer that already has a Content-Encoding is passed through), media
 * (images, video and audio are not compressible types), partial content (206: Content-Range
 * counts unencoded bytes), the MCP endpoint (it writes to the socket itself) and WebSockets.
 * Request bodies are never decompressed: a client sends JSON as is.
 *
 * Brotli at quality 4: about as fast as gzip's default, a little smaller; 11 (the default) would
 * cost tens of milliseconds per answer.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Registers compression; must come before the routes it applies to (it hooks route creation). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
