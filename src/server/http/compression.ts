import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one piece on the request's own thread, not through a
 * stream pipeline on the thread pool: a search page (1,000 summaries, ~190 KB) then costs ~0.8 ms of
 * one core instead of ~4.7 ms spread over the pool's threads in 16 KB chunks (docs/performance.md).
 */
export const COMPRESS_IN_ONE_PIECE_BYTES = 256 * 1024;

/** Brotli's quality for answers made per request: see registerCompression. */
export const BROTLI_QUALITY = 1;

/**
 * Brotli or gzip by the request's Accept-Encoding (brotli preferred) for every answer above the
 * threshold. Brotli runs at quality 1 for dynamic answers: on the demo city search (summary rows)
 * it is 7 % larger than quality 4 at 40 % of its CPU (docs/performance.md, "Lean search answers").
 * Files the client build already compressed (.br/.gz at the highest quality, served by
 * static-client.ts) carry their Content-Encoding and are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_IN_ONE_PIECE_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
