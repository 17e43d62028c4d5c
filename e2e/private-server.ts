import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A server of a spec's own, on its own port and PGlite directory (e2e/start-server.sh with E2E_DATA_DIR):
 * for a spec that must stop the server to use the database from another process, as `npm run import`
 * does on PGlite (its directory is locked to one process).
 */
export interface PrivateServer {
  readonly url: string;
  readonly dataDir: string;
  /** Starts it: fresh the first time (demo listings, the e2e users), on the database it left after. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs one of the built CLIs (dist/server/cli/<name>.js) on its database while it is stopped. */
  cli(name: string, args: string[]): string;
}

const root = path.join(__dirname, '..');

export function privateServer(port: number, name: string, env: Record<string, string> = {}): PrivateServer {
  const dataDir = path.join(root, `.e2e-data-${name}`);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let started = false;
  let output = '';

  async function ready(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child?.exitCode !== null) throw new Error(`the server on ${port} exited:\n${output.slice(-4000)}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server on ${port} was not ready in 120 s:\n${output.slice(-4000)}`);
  }

  return {
    url,
    dataDir,
    async start() {
      output = '';
      child = spawn('bash', [path.join(__dirname, 'start-server.sh')], {
        env: { ...process.env, ...env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_KEEP_DATA: started ? '1' : '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started = true;
      await ready();
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
    cli(cliName, args) {
      // Always its PGlite directory, even when CI sets DATABASE_URL (as start-server.sh does).
      const { DATABASE_URL: _postgres, ...inherited } = process.env;
      const run = spawnSync('node', [path.join(root, 'dist', 'server', 'cli', `${cliName}.js`), ...args], {
        env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (run.status !== 0) throw new Error(`${cliName} ${args.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
      return run.stdout;
    },
  };
}
