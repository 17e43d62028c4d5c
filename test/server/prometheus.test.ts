/**
 * Monitoring with the real thing (issue 41): Debian's Prometheus, started with the shipped
 * deploy/prometheus.yml and its alert rules, scrapes a real server process, and a metric is read
 * back through Prometheus's HTTP API. On PostgreSQL the server runs WORKERS=2, and one scrape gives
 * both processes' figures summed (prom-client's cluster aggregator). promtool checks the rules and
 * runs their unit tests. Needs prometheus and promtool (CI installs them: .ci/run); skipped without.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, ROOT, startServerProcess, until, type ServerProcess } from './cluster-processes';
import { freePort } from '../support/free-port';

const PROMETHEUS = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find((p) => existsSync(p));
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));
const DEPLOY = path.join(ROOT, 'deploy');
const TOKEN = 'prometheus-test-token-0123456789abcdef';
const BASE_URL = process.env.DATABASE_URL;
const WORKERS = BASE_URL ? 2 : 1;
const POOL_SIZE = 3;

const missing = !PROMETHEUS ? 'prometheus' : !PROMTOOL ? 'promtool' : null;
if (missing) console.warn(`prometheus.test.ts skipped: it needs ${missing} (apt-get install prometheus)`);
const describeProm = missing ? describe.skip : describe;

jest.setTimeout(180_000);

/** A sample's value in Prometheus's text format (the first line of `name` with all the labels). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** The dealmap_* metric names the rules and the dashboard use. */
function namesUsedIn(text: string): string[] {
  return [...new Set(text.match(/dealmap_[a-z_]+/g) ?? [])].map((n) => n.replace(/_(bucket|count|sum)$/, ''));
}

describeProm('Prometheus scrapes Dealmap with the shipped configuration', () => {
  let server: ServerProcess;
  let prometheus: ChildProcess | null = null;
  let promOutput = '';
  let dir: string;
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dealmap-prometheus-'));
    database = BASE_URL ? await createScratchDatabase(BASE_URL) : null;
    server = await startServerProcess('metrics', {
      DATABASE_URL: database?.url,
      WORKERS: String(WORKERS),
      PG_POOL_SIZE: String(POOL_SIZE),
      DEMO_LISTINGS: '0',
      METRICS_TOKEN: TOKEN,
      // A schedule takes its first backup at start: a job run to read back.
      BACKUP_EVERY_HOURS: '24',
      BACKUP_DIR: path.join(dir, 'backups'),
    });
    await server.waitReady();
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const ended = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await ended;
    }
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('promtool accepts the alert rules, and their unit tests pass', () => {
    expect(execFileSync(PROMTOOL!, ['check', 'rules', 'dealmap-alerts.yml'], { cwd: DEPLOY, encoding: 'utf8' })).toMatch(
      /SUCCESS: \d+ rules found/,
    );
    expect(execFileSync(PROMTOOL!, ['test', 'rules', 'dealmap-alerts.test.yml'], { cwd: DEPLOY, encoding: 'utf8' })).toMatch(
      /SUCCESS/,
    );
  });

  it('one scrape of the server answers for all its processes, and every metric the rules and dashboard use exists', async () => {
    const calls = 12;
    for (let i = 0; i < calls; i++) expect((await fetch(`${server.url}/api/v1/config`)).status).toBe(200);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    // Whichever process took the scrape, the requests every process answered are counted once each.
    expect(sample(text, 'dealmap_http_requests_total', { route: '/api/v1/config', status: '200' })).toBe(calls);
    // Each process's pool, summed: the server's connections.
    expect(sample(text, 'dealmap_db_pool_size', { pool: 'primary' })).toBe(BASE_URL ? WORKERS * POOL_SIZE : 1);
    const used = namesUsedIn(
      readFileSync(path.join(DEPLOY, 'dealmap-alerts.yml'), 'utf8') +
        readFileSync(path.join(DEPLOY, 'grafana-dashboard.json'), 'utf8'),
    );
    expect(used.length).toBeGreaterThan(8);
    expect(used.filter((name) => !text.includes(`# TYPE ${name} `))).toEqual([]);
  });

  it('Prometheus started with deploy/prometheus.yml scrapes the server and answers a query for a metric', async () => {
    const promPort = await freePort();
    // The shipped files as they are, but for the target's address and a 1 s scrape.
    const config = readFileSync(path.join(DEPLOY, 'prometheus.yml'), 'utf8')
      .replace('127.0.0.1:3000', `127.0.0.1:${server.port}`)
      .replace(/scrape_interval: 15s/, 'scrape_interval: 1s');
    expect(config).toContain(`127.0.0.1:${server.port}`);
    writeFileSync(path.join(dir, 'prometheus.yml'), config);
    writeFileSync(path.join(dir, 'dealmap-alerts.yml'), readFileSync(path.join(DEPLOY, 'dealmap-alerts.yml')));
    writeFileSync(path.join(dir, 'metrics-token'), `${TOKEN}\n`, { mode: 0o600 });
    expect(execFileSync(PROMTOOL!, ['check', 'config', path.join(dir, 'prometheus.yml')], { encoding: 'utf8' })).toMatch(
      /SUCCESS/,
    );
    prometheus = spawn(
      PROMETHEUS!,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (c: Buffer) => (promOutput += c.toString()));
    prometheus.stderr?.on('data', (c: Buffer) => (promOutput += c.toString()));
    const query = async (q: string) => {
      try {
        const r = await fetch(`http://127.0.0.1:${promPort}/api/v1/query?query=${encodeURIComponent(q)}`);
        if (!r.ok) return null;
        const body = (await r.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
        return body.data.result.length ? body.data.result : null;
      } catch {
        return null;
      }
    };
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/api/v1/config`)).status).toBe(200);
    const up = await until(() => query('up{job="dealmap"}'), `Prometheus's first scrape:\n${promOutput}`, 60_000);
    expect(up[0].value[1]).toBe('1');
    const requests = await until(
      () => query('sum(dealmap_http_requests_total{job="dealmap", route="/api/v1/config", status="200"})'),
      `the request count in Prometheus:\n${promOutput}`,
      60_000,
    );
    expect(Number(requests[0].value[1])).toBeGreaterThanOrEqual(5);
    // A job's series keeps its own label (`task`) beside the scrape's `job`: the rules select on both.
    const jobRuns = await until(
      () => query('dealmap_job_runs_total{job="dealmap", task="backup", outcome="ok"}'),
      `a backup's run in Prometheus:\n${promOutput}`,
      60_000,
    );
    expect(Number(jobRuns[0].value[1])).toBeGreaterThanOrEqual(1);
    // The alert rules it loaded from the shipped file, none firing on a healthy server.
    const rules = (await (await fetch(`http://127.0.0.1:${promPort}/api/v1/rules`)).json()) as {
      data: { groups: Array<{ name: string; rules: Array<{ name: string; state: string }> }> };
    };
    const group = rules.data.groups.find((g) => g.name === 'dealmap');
    expect(group?.rules.map((r) => r.name)).toEqual(
      expect.arrayContaining(['DealmapDown', 'DealmapHighErrorRate', 'DealmapBackupTooOld']),
    );
    expect(group?.rules.filter((r) => r.state === 'firing').map((r) => r.name)).toEqual([]);
  });
});
