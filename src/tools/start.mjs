/**
 * `npm start`: builds only when the sources changed since the last build (build-if-stale.mjs), then
 * runs the server in this process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(path.join(ROOT, 'dist', 'server', 'index.js')).href);
