/**
 * Load bench: `npm run build`, then `npm run bench -- load` (BENCH_LOAD_CLIENTS, default 150;
 * BENCH_LOAD_SECONDS, default 60; BENCH_LOAD_RUNS, default 3, after
 * BENCH_LOAD_WARMUP runs, default 1, printed as "warm-up"; BENCH_LOAD_THINK_MS, a caller's mean
 * pause between requests, default 0). The built server on a fresh data directory with the default
 * demo data (20,000 listings): PGlite, and PostgreSQL too (a fresh database) when DATABASE_URL is set.
 * BENCH_WORKERS=1,2 runs this build with each number of server processes (PostgreSQL), taking turns.
 * BENCH_LOAD_ACCURACY=1 runs this build twice, taking turns: quiet, and with the estimates' backtest
 * (docs/accuracy.md) kept running on the server throughout each run ("Run now" again as soon as one
 * ends), and says how many backtests ran meanwhile: the backtest must not slow requests (issue 37:
 * p95 within 10 % of the quiet runs').
 * BENCH_BASELINE=<another built checkout> runs that version's server beside this one's, the two
 * taking turns run by run (each with its own fresh database). Each run also says how many answers
 * took a second or more (in its first 5 s, when every client asks at once, and later) and the
 * server's largest event-loop delay (event-loop-probe.cjs).
 *
 * Each run: every client signs in at once (the sign-in storm, reported apart: how long until all are
 * in, and the 503s they were asked to retry), then all run the mix until the time is up: a bounds
 * search of a city box 60%, a property 27%, a sign-in 1%, a saved-calculation write 12%. Prints
 * requests a second, p50/p95/p99 overall and by kind, errors by status (any answer that is not 2xx)
 * with the first one's message, and the server's resident memory before, at its peak during, and
 * after each run.
 * Prints figures; never fails on speed.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { demoCities } from '../../src/server/modules/demo-data/cities';
import { mulberry32 } from '../../src/server/modules/demo-data/random';
import type { MapBounds } from '../../src/shared/geo/bounds';
import { BENCH_DATABASES, ms, printTable, type Bench } from './bench-utils';
import { BENCH_USER, startServer, type RunningServer } from './built-server';
import { percentile } from '../support/figures';
import { listingWhatIf } from '../support/what-if';

const envInt = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};

const MIX = { bounds: 0.6, property: 0.27, login: 0.01, write: 0.12 };
const PASSWORD = 'load-bench-password-1';

interface Phase {
  byKind: Record<string, { times: number[] }>;
  errors: Record<string, number>;
  /** The first answer's message for each error. */
  messages: Record<string, string>;
  requests: number;
  seconds: number;
}

interface RunResult extends Phase {
  /** The mix's answers of a second or more: when each was asked (seconds into the run), its kind, ms. */
  slow: Array<{ at: number; kind: string; ms: number }>;
  /** Every client signing in at once before the mix, retried on 503. */
  storm: Phase & { signedIn: number };
}

/** Resident memory of a process and its children (the workers of WORKERS=N), MB. */
function rssMb(pid: number): number {
  let kb = 0;
  try {
    kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/) : []) kb += rssMb(Number(child)) * 1024;
  } catch {
    /* the process has just ended */
  }
  return kb / 1024;
}

/**
 * Resident memory once the run's last answers are out: scrypt's 128 MiB blocks and the compression
 * buffers of the last requests are freed a moment after the run ends, so "after" is read 5 s later.
 */
async function settledRssMb(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return rssMb(pid);
}

/** One call of the setup; a 503 is retried after its Retry-After, as a client should. */
async function api<T>(
  base: string,
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${base}${pathname}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (response.status === 503 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 2) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}

/** City boxes of about 0.03° (a street-level view) around the demo cities' ZIP codes. */
function cityBoxes(count: number): MapBounds[] {
  const rng = mulberry32(11);
  const cities = demoCities();
  return Array.from({ length: count }, () => {
    const c = cities[Math.floor(rng() * cities.length)];
    const z = c.zips[Math.floor(rng() * c.zips.length)];
    const lat = z.latitude + (rng() - 0.5) * 0.04;
    const lng = z.longitude + (rng() - 0.5) * 0.04;
    return { ne: { lat: lat + 0.015, lng: lng + 0.015 }, sw: { lat: lat - 0.015, lng: lng - 0.015 } };
  });
}

async function prepare(server: RunningServer, clients: number) {
  const users = Array.from({ length: Math.min(clients, 150) }, (_, i) => ({
    email: `load-${i}-${randomBytes(3).toString('hex')}@bench.dealmap`,
    password: PASSWORD,
  }));
  // Four at a time: sign-up hashes the password (two at a time on the server).
  for (let i = 0; i < users.length; i += 4) {
    await Promise.all(
      users
        .slice(i, i + 4)
        .map((u) => api(server.url, '/api/v1/signup', { method: 'POST', body: { email: u.email, password: u.password } })),
    );
  }
  const admin = await api<{ token: string }>(server.url, '/api/v1/login', {
    method: 'POST',
    body: { username: BENCH_USER.email, password: BENCH_USER.password },
  });
  const boxes = cityBoxes(400);
  const ids = new Set<string>();
  for (const box of boxes.slice(0, 40)) {
    const page = await api<{ properties: Array<{ _id: string } | [string, ...unknown[]]> }>(
      server.url,
      `/api/v1/auth/searchProperties?type=bounds&zoom=15&bounds=${encodeURIComponent(JSON.stringify(box))}`,
      { token: admin.token },
    );
    // A summary row starts with the id; a baseline from before the lean answers sends objects.
    for (const p of page.properties.slice(0, 25)) ids.add(Array.isArray(p) ? p[0] : p._id);
  }
  if (ids.size === 0) throw new Error('The city boxes hold no demo listings');
  return { users, boxes, propertyIds: [...ids] };
}

function runLoad(workerData: Record<string, unknown>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'load-clients.cjs'), { workerData });
    worker.once('message', (message: RunResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

const whatIf = listingWhatIf();

/** The largest event-loop delay the server's probe saw since `since` (a wall-clock time), ms. */
function eventLoopDelayMax(probe: string, since: number): string {
  if (!existsSync(probe)) return '—';
  const seconds = readFileSync(probe, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { at: number; max: number })
    .filter((s) => s.at >= since);
  return seconds.length ? ms(Math.max(...seconds.map((s) => s.max))) : '—';
}

/** A fresh database for one server: PGlite in the server's own data directory, or a new PostgreSQL database. */
async function freshDatabase(name: 'pglite' | 'postgres'): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (name === 'pglite') return { env: {}, drop: async () => {} };
  const url = new URL(process.env.DATABASE_URL!);
  const database = `dealmap_load_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: url.toString(), max: 1 });
  await admin.query(`create database ${database}`);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/**
 * This build, and before it the one BENCH_BASELINE names (a checkout with its own `npm run build`);
 * or, with BENCH_WORKERS=1,2 (PostgreSQL), this build with each number of server processes. One
 * process otherwise (WORKERS=1), so a run on PostgreSQL compares like with like.
 */
function versions(): Array<{ label: string; root: string | undefined; env: NodeJS.ProcessEnv; backtest?: boolean }> {
  if (process.env.BENCH_LOAD_ACCURACY === '1') {
    // The nightly run kept twelve hours away: no backtest starts on its own during a run.
    const env = { WORKERS: '1', ACCURACY_HOUR: String((new Date().getHours() + 12) % 24) };
    return [
      { label: 'quiet', root: undefined, env },
      { label: 'backtest running', root: undefined, env, backtest: true },
    ];
  }
  const workers = process.env.BENCH_WORKERS;
  if (workers) {
    return workers.split(',').map((n) => ({ label: `WORKERS=${n.trim()}`, root: undefined, env: { WORKERS: n.trim() } }));
  }
  const one = { WORKERS: '1' };
  const baseline = process.env.BENCH_BASELINE;
  if (!baseline) return [{ label: 'this', root: undefined, env: one }];
  const root = path.resolve(baseline);
  return [
    { label: `baseline (${path.basename(root)})`, root, env: one },
    { label: 'this change', root: undefined, env: one },
  ];
}

interface AccuracyState {
  state: string;
  lastSuccess: { durationMs: number | null } | null;
}

const adminToken = async (server: RunningServer) =>
  (
    await api<{ token: string }>(server.url, '/api/v1/login', {
      method: 'POST',
      body: { username: BENCH_USER.email, password: BENCH_USER.password },
    })
  ).token;

/** Waits until the server's backtest is idle with a success behind it (the one after the demo load). */
async function accuracySettled(server: RunningServer): Promise<void> {
  const token = await adminToken(server);
  for (;;) {
    const status = await api<AccuracyState>(server.url, '/api/v1/admin/accuracy', { token });
    if (status.state !== 'running' && status.lastSuccess) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Keeps the backtest running on the server until `stop` is called; resolves with how many ran and their durations. */
function keepBacktestRunning(server: RunningServer): { stop(): Promise<number[]> } {
  let stopped = false;
  const durations: number[] = [];
  const loop = (async () => {
    const token = await adminToken(server);
    while (!stopped) {
      await api(server.url, '/api/v1/admin/accuracy/run', { method: 'POST', token });
      let status: AccuracyState & { runs: Array<{ durationMs: number | null }> };
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = await api(server.url, '/api/v1/admin/accuracy', { token });
      } while (status.state === 'running');
      if (status.runs[0]?.durationMs !== null && status.runs[0]?.durationMs !== undefined)
        durations.push(status.runs[0].durationMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return durations;
    },
  };
}

interface Running {
  label: string;
  backtest?: boolean;
  server: RunningServer;
  /** The server's event-loop probe (event-loop-probe.cjs): a JSON line a second. */
  probe: string;
  data: Awaited<ReturnType<typeof prepare>>;
  drop(): Promise<void>;
}

export const bench: Bench = {
  name: 'load: 150 clients, a realistic mix, memory over three runs',
  async run() {
    const clients = envInt('BENCH_LOAD_CLIENTS', 150);
    const seconds = envInt('BENCH_LOAD_SECONDS', 60);
    const runs = envInt('BENCH_LOAD_RUNS', 3);
    const warmups = envInt('BENCH_LOAD_WARMUP', 1);
    const thinkMs = envInt('BENCH_LOAD_THINK_MS', 0);
    const kindsOf = versions();
    console.log(
      `${clients} clients, ${seconds} s a run, ${runs} runs, think time ${thinkMs} ms; mix: bounds search 60%, property 27%, sign-in 1%, saved-calculation write 12%; versions: ${kindsOf.map((k) => k.label).join(', ')} (taking turns)`,
    );
    const databases = BENCH_DATABASES.map((d) => d.name);
    for (const name of databases) {
      const running: Running[] = [];
      try {
        for (const kind of kindsOf) {
          const database = await freshDatabase(name);
          const probe = path.join(os.tmpdir(), `dealmap-event-loop-${randomBytes(4).toString('hex')}.jsonl`);
          const server = await startServer(
            {
              ...database.env,
              ...kind.env,
              NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'event-loop-probe.cjs')}`.trim(),
              EVENT_LOOP_PROBE_FILE: probe,
              RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
              RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
              RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS: '100000',
            },
            kind.root,
          ).catch(async (error: unknown) => {
            await database.drop();
            throw error;
          });
          const data = await prepare(server, clients);
          if (kindsOf.some((k) => k.backtest)) await accuracySettled(server);
          running.push({ label: kind.label, backtest: kind.backtest, server, probe, data, drop: () => database.drop() });
        }
        const rows: Array<Record<string, string | number>> = [];
        const kinds: Array<Record<string, string | number>> = [];
        const storms: Array<Record<string, string | number>> = [];
        const messages = new Map<string, string>();
        for (let index = 1 - warmups; index <= runs; index++) {
          const run = index > 0 ? index : `warm-up${warmups > 1 ? ` ${index + warmups}` : ''}`;
          // The versions take turns, each run starting with the other one.
          for (const { label, server, data, probe, backtest } of index % 2 ? [...running].reverse() : running) {
            const version: Record<string, string> = running.length > 1 ? { version: label } : {};
            const before = rssMb(server.pid);
            const runStarted = Date.now();
            let peak = before;
            const sampler = setInterval(() => {
              peak = Math.max(peak, rssMb(server.pid));
            }, 250);
            const keeper = backtest ? keepBacktestRunning(server) : null;
            const result = await runLoad({ base: server.url, ...data, whatIf, clients, seconds, mix: MIX, thinkMs }).finally(() =>
              clearInterval(sampler),
            );
            const backtests = keeper ? await keeper.stop() : null;
            const all = Object.values(result.byKind)
              .flatMap((k) => k.times)
              .sort((a, b) => a - b);
            const errors = Object.entries(result.errors);
            for (const [key, message] of [...Object.entries(result.messages), ...Object.entries(result.storm.messages)]) {
              if (!messages.has(key)) messages.set(key, message);
            }
            const stormTimes = Object.values(result.storm.byKind)
              .flatMap((k) => k.times)
              .sort((a, b) => a - b);
            storms.push({
              ...version,
              run,
              clients,
              'signed in': result.storm.signedIn,
              'all in after s': result.storm.seconds.toFixed(1),
              'sign-in calls': result.storm.requests,
              'answered 503 (retried)': result.storm.errors['login 503'] ?? 0,
              'other errors':
                Object.entries(result.storm.errors)
                  .filter(([k]) => k !== 'login 503')
                  .map(([k, n]) => `${n} × ${k}`)
                  .join('; ') || 0,
              'call p50 ms': ms(percentile(stormTimes, 0.5)),
              'call max ms': ms(stormTimes[stormTimes.length - 1]),
            });
            rows.push({
              ...version,
              run,
              'req/s': Math.round(result.requests / result.seconds),
              'p50 ms': ms(percentile(all, 0.5)),
              'p95 ms': ms(percentile(all, 0.95)),
              'p99 ms': ms(percentile(all, 0.99)),
              'max ms': ms(all[all.length - 1]),
              errors: errors.length ? errors.map(([k, n]) => `${n} × ${k}`).join('; ') : 0,
              'RSS before MB': Math.round(before),
              'RSS peak MB': Math.round(peak),
              'RSS after MB': Math.round(await settledRssMb(server.pid)),
              '≥ 1 s: in the first 5 s / later': `${result.slow.filter((x) => x.at < 5).length} / ${result.slow.filter((x) => x.at >= 5).length}`,
              'event-loop delay max ms': eventLoopDelayMax(probe, runStarted),
              // Every row has the column when the backtest is compared (the table takes its first row's).
              ...(process.env.BENCH_LOAD_ACCURACY === '1'
                ? {
                    'backtests run (s each)': backtests
                      ? `${backtests.length} (${backtests.map((d) => (d / 1000).toFixed(1)).join(', ')})`
                      : '—',
                  }
                : {}),
            });
            for (const [kind, { times }] of Object.entries(result.byKind)) {
              kinds.push({
                ...version,
                run,
                kind,
                requests: times.length,
                'p50 ms': ms(percentile(times, 0.5)),
                'p95 ms': ms(percentile(times, 0.95)),
                'p99 ms': ms(percentile(times, 0.99)),
                'max ms': ms(times[times.length - 1]),
              });
            }
          }
        }
        printTable(`[${name}] sign-in storm before each run`, storms);
        printTable(`[${name}] runs (the mix)`, rows);
        printTable(`[${name}] by kind`, kinds);
        for (const [key, message] of messages) console.log(`[${name}] ${key}: ${message || '(no message)'}`);
      } finally {
        for (const r of running) {
          await r.server.stop();
          await r.drop();
          rmSync(r.probe, { force: true });
        }
      }
    }
  },
};

if (require.main === module) {
  bench.run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
