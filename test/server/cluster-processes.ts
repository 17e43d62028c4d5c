/**
 * Real server processes for the cluster tests: `src/server/index.ts` under ts-node on a port of its
 * own, on one PostgreSQL database made for the test, and nginx in front with the shipped
 * deploy/nginx.conf.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import type { Health } from '../../src/shared/schemas/health';
import { freePort } from '../support/free-port';

export const ROOT = path.join(__dirname, '..', '..');
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database of its own on the DATABASE_URL server, dropped at the end. */
export async function createScratchDatabase(baseUrl: string): Promise<{ url: string; pool: Pool; drop(): Promise<void> }> {
  const name = `dealmap_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new Pool({ connectionString: baseUrl, max: 1 });
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Polls `probe` until it gives a value, or fails naming `what` after `timeoutMs`. */
export async function until<T>(
  probe: () => T | null | false | undefined | Promise<T | null | false | undefined>,
  what: string,
  timeoutMs = 180_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  waitReady(timeoutMs?: number): Promise<void>;
  /** Its `/healthz` answer, or null while it does not answer 200. */
  health(): Promise<Health | null>;
  /** Sends the signal and waits for the process to end (SIGKILL: a crash). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops it (SIGTERM, then SIGKILL after 15 s) and removes the data directory it made. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The data directory to start on, which the caller keeps (a restart on the same one); else a fresh one. */
  dataDir?: string;
  /** A built server's index.js (this release's or another's) to run with node instead of src/server/index.ts. */
  entry?: string;
  /** The port to take (a server started in another's place); else a free one. */
  port?: number;
}

/**
 * Starts `src/server/index.ts` (ts-node), or the built `entry`, with the env given on top of a quiet
 * default; a variable given as undefined is left out (e.g. DATABASE_URL, for PGlite).
 */
export async function startServerProcess(
  name: string,
  env: NodeJS.ProcessEnv,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `dealmap-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    WORKERS: '1',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = fork(options.entry ?? path.join(ROOT, 'src', 'server', 'index.ts'), [], {
    execArgv: options.entry ? [] : ['-r', 'ts-node/register/transpile-only'],
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: ServerProcess = {
    name,
    port,
    url,
    child,
    output: () => output,
    async waitReady(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
        }
        try {
          if ((await fetch(`${url}/readyz`)).ok) return;
        } catch {
          /* not listening yet */
        }
        await sleep(200);
      }
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
    },
    async health() {
      try {
        const response = await fetch(`${url}/healthz`);
        return response.ok ? ((await response.json()) as { data: Health }).data : null;
      } catch {
        return null;
      }
    },
    async kill(signal) {
      const ended = exited();
      child.kill(signal);
      await ended;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = exited();
        child.kill('SIGTERM');
        await Promise.race([ended, sleep(15_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export interface RunningNginx {
  url: string;
  /**
   * Rewrites the upstreams and reloads (`nginx -s reload`); resolves once the workers of the old
   * configuration have finished their requests and exited, so none is sent to a server left out.
   */
  reload(upstreamPorts: number[]): Promise<void>;
  stop(): Promise<void>;
}

/** The processes whose parent is `pid` (from /proc). */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return children;
}

/** nginx with deploy/nginx.conf, its upstreams and port replaced, its files in a temporary directory. */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dealmap-nginx-'));
  const port = await freePort();
  const shipped = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const render = (ports: number[]) => {
    const upstreams = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n');
    const conf = shipped
      .replace(
        /# dealmap-upstreams-begin\n[\s\S]*?# dealmap-upstreams-end/,
        `# dealmap-upstreams-begin\n${upstreams}\n    # dealmap-upstreams-end`,
      )
      .replace(/# dealmap-listen\n(\s*)listen \d+;/, `# dealmap-listen\n$1listen 127.0.0.1:${port};`)
      .replaceAll('/tmp/dealmap-nginx', path.join(dir, 'nginx'));
    if (!conf.includes(`127.0.0.1:${port}`) || !conf.includes(`127.0.0.1:${ports[0]}`)) {
      throw new Error('deploy/nginx.conf lost its dealmap-upstreams / dealmap-listen markers');
    }
    return conf;
  };
  mkdirSync(path.join(dir, 'logs'));
  // nginx's workers run as an unprivileged user when it is started as root: they write its temp files.
  chmodSync(dir, 0o755);
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, render(upstreamPorts));
  execFileSync(NGINX, ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', file], { stdio: 'pipe' });
  const child = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    url,
    async reload(ports) {
      writeFileSync(file, render(ports));
      execFileSync(NGINX, ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', file], { stdio: 'pipe' });
      const before = childPids(child.pid!);
      execFileSync(NGINX, ['-s', 'reload', '-e', 'stderr', '-p', dir, '-c', file], { stdio: 'pipe' });
      await until(
        () => {
          const now = childPids(child.pid!);
          return now.some((p) => !before.includes(p)) && !now.some((p) => before.includes(p));
        },
        'the workers of the previous nginx configuration to exit',
        30_000,
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await Promise.race([exited, sleep(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: { data?: T; error?: { message: string } };
}

/** One JSON call; `token` as a bearer. */
export async function call<T = unknown>(
  base: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  let body: Answer<T>['body'] = {};
  try {
    body = text ? (JSON.parse(text) as Answer<T>['body']) : {};
  } catch {
    body = { error: { message: text.slice(0, 200) } };
  }
  return { status: response.status, body };
}
