import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip by the request's Accept-Encoding (brotli preferred) for every answer above the
 * threshold. Brotli runs at quality 4 for dynamic answers: on the demo search it is within 10% of
 * quality 11's size at a small fraction of its CPU (docs/performance.md). Files the client build
 * already compressed (.br/.gz, served by static-client.ts) carry their Content-Encoding and are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
