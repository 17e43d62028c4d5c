import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/api-types';
import { isApiPath } from './api-path';
import { sendError } from './error-handler';
import { maskUrl } from './logging';

const HASHED_NAME = /\.[0-9a-f]{8,}\./;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  if (relative[0] === 'assets' || HASHED_NAME.test(path.basename(filePath))) return IMMUTABLE;
  return 'no-cache';
}

/**
 * Serves the built client from `clientDir` with an SPA fallback to app.html (or index.html), and answers every
 * unknown route: JSON 404 under /api, the app's page for other GETs, or a JSON 404 telling how to build
 * the client when it is missing.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const available = fs.existsSync(path.join(clientDir, 'index.html'));
  // A production build's index.html holds the pre-rendered landing page (served for /); every other
  // page starts from app.html, its empty twin.
  const shell = fs.existsSync(path.join(clientDir, 'app.html')) ? 'app.html' : 'index.html';
  if (available) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // The build's .br/.gz copies, by Accept-Encoding (the API compresses on the fly instead).
      preCompressed: true,
      // Source maps stay on the server (error tracking), never sent.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(clientDir, filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendError(
        reply,
        404,
        ERROR_CODES.notFound,
        `There is no API route ${request.method} ${maskUrl(request.url).split('?')[0]}`,
      );
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.split('?')[0].endsWith('.map')) {
      return sendError(reply, 404, ERROR_CODES.notFound, 'Not found');
    }
    if (!available) {
      return sendError(
        reply,
        404,
        ERROR_CODES.notFound,
        `The web client is not built (no ${path.join(clientDir, 'index.html')}). Run \`npm run build\` and restart the server.`,
      );
    }
    return reply.header('cache-control', 'no-cache').sendFile(shell);
  });
}
