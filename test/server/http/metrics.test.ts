import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, type TestApp } from '../helpers';
import { loadDemoData } from '../../../src/server/modules/demo-data';
import { metricsRegistry } from '../../../src/server/lib/metrics/registry';
import { recordJobRun, timeJob } from '../../../src/server/lib/metrics/job-metrics';
import { parseMetricsToken } from '../../../src/server/lib/app-config';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value in Prometheus's text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const has = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('METRICS_TOKEN', () => {
  it('is off when unset, and a short or spaced token is refused with what to do', () => {
    expect(parseMetricsToken(undefined)).toBeUndefined();
    expect(parseMetricsToken('  ')).toBeUndefined();
    expect(() => parseMetricsToken('short')).toThrow(/16 or more characters without spaces .*openssl rand -hex 32/);
    expect(() => parseMetricsToken('a token with spaces in it')).toThrow(/without spaces/);
    expect(parseMetricsToken(TOKEN)).toBe(TOKEN);
  });
});

describe('background job metrics', () => {
  it('count runs, rows, failures and the last success of each job', async () => {
    const before = await metricsRegistry.getSingleMetricAsString('dealmap_job_runs_total');
    const failedBefore = sample(before, 'dealmap_job_runs_total', { task: 'backup', outcome: 'failed' }) ?? 0;
    const okBefore = sample(before, 'dealmap_job_runs_total', { task: 'backup', outcome: 'ok' }) ?? 0;
    await expect(
      timeJob(
        'backup',
        async () => 42,
        (n) => n,
      ),
    ).resolves.toBe(42);
    await expect(
      timeJob('backup', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    recordJobRun('backup', { startedAt: Date.now() - 2000, ok: true, rows: 8 });
    const runs = await metricsRegistry.getSingleMetricAsString('dealmap_job_runs_total');
    expect(sample(runs, 'dealmap_job_runs_total', { task: 'backup', outcome: 'ok' })).toBe(okBefore + 2);
    expect(sample(runs, 'dealmap_job_runs_total', { task: 'backup', outcome: 'failed' })).toBe(failedBefore + 1);
    const rows = await metricsRegistry.getSingleMetricAsString('dealmap_job_rows_total');
    expect(sample(rows, 'dealmap_job_rows_total', { task: 'backup' })).toBeGreaterThanOrEqual(50);
    const last = await metricsRegistry.getSingleMetricAsString('dealmap_job_last_success_timestamp_seconds');
    expect(sample(last, 'dealmap_job_last_success_timestamp_seconds', { task: 'backup' })).toBeCloseTo(Date.now() / 1000, -1);
    const duration = await metricsRegistry.getSingleMetricAsString('dealmap_job_run_duration_seconds');
    // The 2 s run landed in the 5 s bucket and not in the 1 s one.
    const le = (bound: string) =>
      sample(duration, 'dealmap_job_run_duration_seconds_bucket', { task: 'backup', outcome: 'ok', le: bound })!;
    expect(le('5') - le('1')).toBeGreaterThanOrEqual(1);
  });
});

describe.each(DATABASES)('GET /metrics on $name', (database) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { config: { metricsToken: TOKEN } });
    off = await createTestApp(database);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  const scrape = (app = t.app, headers: Record<string, string> = bearer(TOKEN)) =>
    app.inject({ method: 'GET', url: '/metrics', headers });

  it('is off without METRICS_TOKEN, and asks for the token with it', async () => {
    const closed = await scrape(off.app);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.message).toBe('Metrics are off: set METRICS_TOKEN on the server to turn them on');
    for (const headers of [{}, bearer('wrong-token-of-enough-length'), { authorization: `Basic ${TOKEN}` }]) {
      const refused = await scrape(t.app, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json().error.message).toMatch(/Authorization: Bearer <METRICS_TOKEN>/);
      expect(refused.body).not.toContain('dealmap_');
    }
  });

  it('counts requests by route pattern and status, with latency histograms, pools, memory and the event loop', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const before = (await scrape()).body;
    // Signed out: 401 from the route's authentication.
    const route = { method: 'GET', route: '/api/v1/auth/property/:id', status: '401' };
    const counted = sample(before, 'dealmap_http_requests_total', route) ?? 0;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/auth/property/${id}` })).statusCode).toBe(401);
    }
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(sample(text, 'dealmap_http_requests_total', route)).toBe(counted + 3);
    // The pattern, never the id: one series per route.
    expect(text).not.toContain(id);
    expect(sample(text, 'dealmap_http_request_duration_seconds_count', route)).toBe(counted + 3);
    expect(sample(text, 'dealmap_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(counted + 3);
    expect(sample(text, 'dealmap_db_pool_size', { pool: 'primary' })).toBeGreaterThanOrEqual(database.url ? 20 : 2);
    expect(sample(text, 'dealmap_db_pool_waiting', { pool: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE dealmap_mail_messages_total counter');
  });

  it('shows the pool lent out and, on the single connection of PGlite, who waits for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const transaction = t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      began();
      await held;
    });
    await begun;
    const queued = database.url ? null : sql`select 1`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const text = (await scrape()).body;
    release();
    await transaction;
    await queued;
    expect(sample(text, 'dealmap_db_pool_in_use', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
    if (!database.url) expect(sample(text, 'dealmap_db_pool_waiting', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the background work that ran: the recomputation after a load, with its rows', async () => {
    const rowsBefore = sample((await scrape()).body, 'dealmap_job_rows_total', { task: 'recompute' }) ?? 0;
    await loadDemoData(t.db, { listings: 40, seed: 4 });
    const text = (await scrape()).body;
    expect(sample(text, 'dealmap_job_rows_total', { task: 'recompute' })).toBeGreaterThanOrEqual(rowsBefore + 40);
    expect(sample(text, 'dealmap_job_last_success_timestamp_seconds', { task: 'recompute' })).toBeGreaterThan(
      Date.now() / 1000 - 120,
    );
  });

  it('counts the mails sent, by transport', async () => {
    const before = sample((await scrape()).body, 'dealmap_mail_messages_total', { transport: 'custom', outcome: 'sent' }) ?? 0;
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { username: 'admin@test.dealmap' } });
    await t.mailer.waitFor('admin@test.dealmap');
    expect(sample((await scrape()).body, 'dealmap_mail_messages_total', { transport: 'custom', outcome: 'sent' })).toBe(
      before + 1,
    );
  });
});
