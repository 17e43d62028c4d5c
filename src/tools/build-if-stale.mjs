/**
 * Builds the client and the server only when their sources changed since the last build.
 *
 * `npm install` runs it (the `prepare` script), so a fresh clone is built at install time; `npm start`
 * and `npm run test:e2e` run it again, which costs a fraction of a second when nothing changed, so a
 * restart answers in seconds instead of rebuilding for half a minute. The sources' fingerprint (every
 * file's path, size and modification time under src/ and public/, and the build's configuration and
 * lock file) is kept in dist/.build-fingerprint, written only after a build succeeds.
 *
 * Plain JavaScript run by Node itself: it must work before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FINGERPRINT_FILE = path.join(ROOT, 'dist', '.build-fingerprint');
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'webpack.config.ts', 'tsconfig.json'];
const OUTPUTS = ['dist/server/index.js', 'dist/client/index.html'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** A hash of every build input's path, size and modification time. */
export function fingerprint() {
  const lines = [];
  const add = (file) => {
    const s = statSync(file);
    lines.push(`${path.relative(ROOT, file)}:${s.size}:${Math.floor(s.mtimeMs)}`);
  };
  for (const dir of INPUT_DIRS) if (existsSync(path.join(ROOT, dir))) for (const file of files(path.join(ROOT, dir))) add(file);
  for (const file of INPUT_FILES) if (existsSync(path.join(ROOT, file))) add(path.join(ROOT, file));
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/** Whether dist/ holds a build of the sources as they are now. */
export function isFresh(current = fingerprint()) {
  if (!OUTPUTS.every((file) => existsSync(path.join(ROOT, file)))) return false;
  try {
    return readFileSync(FINGERPRINT_FILE, 'utf8').trim() === current;
  } catch {
    return false;
  }
}

/** Builds when stale; returns whether it built. Throws when the build fails. */
export function buildIfStale({ force = false } = {}) {
  const before = fingerprint();
  if (!force && isFresh(before)) return false;
  console.error(force ? 'Building Dealmap…' : 'Sources changed since the last build (or no build yet): building Dealmap…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The build failed (npm run build exited with ${result.status ?? result.signal})`);
  // The fingerprint from before the build: a file edited during it makes the next start build again.
  writeFileSync(FINGERPRINT_FILE, `${before}\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (!buildIfStale({ force: process.argv.includes('--force') })) console.error('Dealmap build is up to date.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
