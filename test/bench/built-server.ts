/**
 * The built product for the browser benches: the server of dist/ on a free port and a temporary
 * DATA_DIR, and Debian's Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port';

export const ROOT = path.join(__dirname, '..', '..');
export const BENCH_USER = { email: 'admin@bench.dealmap', password: 'bench-password-1' };
const USER = BENCH_USER;

export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
}

export interface RunningServer {
  url: string;
  /** The server process's id (its memory is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built server (dist/) on a fresh DATA_DIR (PGlite; or the DATABASE_URL of `extraEnv`), with the
 * default demo data unless `extraEnv` says otherwise; resolves once /readyz says the demo load is done.
 * `root` is another built checkout when a bench compares two versions (BENCH_BASELINE).
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}, root = ROOT): Promise<RunningServer> {
  for (const file of ['dist/server/index.js', 'dist/client/index.html']) {
    if (!existsSync(path.join(root, file)))
      throw new Error(`${path.join(root, file)} is missing: run \`npm run build\` there first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dealmap-map-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    ADMIN_EMAIL: USER.email,
    ADMIN_PASSWORD: USER.password,
    LOG_LEVEL: 'warn',
    // The default demo data (20,000 listings): the wide view is answered by the real server.
    GOOGLE_MAPS_API_KEY: 'bench-fake-key',
    GOOGLE_MAPS_MAP_ID: 'bench-map',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '1000',
  };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { url, pid: child.pid!, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not start:\n${stderr}`);
}
