/**
 * Searches read from a real streaming replica (DATABASE_READ_URL), and fall back to the primary
 * when the replica lags or is down, never with a 5xx. The test makes its own primary and standby
 * with PostgreSQL's tools (initdb, pg_basebackup -R, pg_ctl) as the `postgres` user, on free ports
 * in a temporary directory. Skipped (saying why) where the tools or root are missing.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { sql } from 'kysely';
import { loadDemoData } from '../../../src/server/modules/demo-data';
import { summaryFromRow } from '../../../src/shared/search-summary';
import type { PropertySummaryRow } from '../../../src/shared/schemas/property-search';
import { bearer, createTestApp, json, signup, type TestApp } from '../helpers';
import { sleep } from '../cluster-processes';
import { freePort } from '../../support/free-port';

const BIN = '/usr/lib/postgresql/15/bin';
const missing = !existsSync(path.join(BIN, 'pg_basebackup'))
  ? `PostgreSQL's tools in ${BIN}`
  : process.getuid?.() !== 0
    ? 'root (to run the tools as the postgres user)'
    : null;
if (missing) console.warn(`read-replica.test.ts skipped: it needs ${missing}`);
const describeReplica = missing ? describe.skip : describe;

const MAX_LAG_MS = 4000;
const BOX = { ne: { lat: 30.45, lng: -97.55 }, sw: { lat: 30.1, lng: -97.95 } };

jest.setTimeout(240_000);

/** Runs a PostgreSQL tool as the postgres user. */
const asPostgres = (tool: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args], { stdio: 'pipe' }).toString();

describeReplica('read replicas (DATABASE_READ_URL) with a real streaming standby', () => {
  let dir: string;
  let primaryPort: number;
  let standbyPort: number;
  let primary: Pool;
  let standby: Pool;
  let t: TestApp;
  let token: string;
  const pgCtl = (data: string, action: 'start' | 'stop', port?: number) =>
    asPostgres('pg_ctl', [
      '-D',
      path.join(dir, data),
      '-l',
      path.join(dir, `${data}.log`),
      '-w',
      ...(action === 'stop' ? ['-m', 'immediate'] : ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`]),
      action,
    ]);
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

  /** The ids a top search answers, through the app. */
  const searchIds = async (): Promise<{ status: number; ids: string[] }> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/searchProperties?type=top&limit=100&bounds=${encodeURIComponent(JSON.stringify(BOX))}`,
      headers: bearer(token),
    });
    if (response.statusCode !== 200) return { status: response.statusCode, ids: [] };
    return {
      status: 200,
      ids: (json(response).data.properties as PropertySummaryRow[]).map((row) => summaryFromRow(row)._id),
    };
  };
  /** Until the standby has replayed everything the primary wrote so far. */
  const caughtUp = async () => {
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    for (let i = 0; i < 200; i++) {
      const r = await standby.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [rows[0].lsn]);
      if (r.rows[0].ok) return;
      await sleep(50);
    }
    throw new Error('the standby did not catch up');
  };
  const replicaUsable = async (usable: boolean) => {
    for (let i = 0; i < 200; i++) {
      if (t.app.dealmap.ctx.reads.replicas()[0].usable === usable) return;
      await sleep(50);
    }
    throw new Error(`the replica did not become ${usable ? 'usable' : 'unusable'}`);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dealmap-replica-'));
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
    primaryPort = await freePort();
    standbyPort = await freePort();
    asPostgres('initdb', ['-D', path.join(dir, 'primary'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    appendFileSync(path.join(dir, 'primary', 'postgresql.conf'), '\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\n');
    pgCtl('primary', 'start', primaryPort);
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      path.join(dir, 'standby'),
      '-R',
      '-X',
      'stream',
    ]);
    pgCtl('standby', 'start', standbyPort);
    primary = new Pool({ connectionString: url(primaryPort), max: 1 });
    standby = new Pool({ connectionString: url(standbyPort), max: 1 });
    expect((await standby.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);

    t = await createTestApp(
      { name: 'postgres', url: url(primaryPort) },
      { config: { databaseReadUrls: [url(standbyPort)], databaseReadMaxLagMs: MAX_LAG_MS } },
    );
    await loadDemoData(t.db, { listings: 400, seed: 5 });
    // The alerts' pass over the new listings writes to the primary in the background: done and
    // stopped first, so the replica's lag is only what each test makes.
    await t.app.dealmap.alerts.runOnce();
    await t.app.dealmap.alerts.stop();
    token = (await signup(t.app)).token;
    await caughtUp();
    await replicaUsable(true);
  });

  afterAll(async () => {
    await t?.close();
    await primary?.end();
    await standby?.end().catch(() => undefined);
    for (const data of ['standby', 'primary']) {
      try {
        pgCtl(data, 'stop');
      } catch {
        /* already stopped */
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a search is answered from the standby: it does not see a delete the standby has not replayed', async () => {
    const before = await searchIds();
    expect(before.status).toBe(200);
    expect(before.ids.length).toBeGreaterThan(10);
    // A fresh replay position, then the standby stops replaying what it receives.
    await sql`select 1`.execute(t.db);
    await caughtUp();
    await standby.query('select pg_wal_replay_pause()');
    const gone = before.ids[0];
    await sql`delete from properties where id = ${gone}`.execute(t.db);

    // The primary no longer has it; the search (the replica, within its lag limit) still does.
    const onPrimary = await sql<{ n: number }>`select count(*)::int as n from properties where id = ${gone}`.execute(t.db);
    expect(onPrimary.rows[0].n).toBe(0);
    expect((await searchIds()).ids).toContain(gone);

    // Once the standby is further behind than DATABASE_READ_MAX_LAG_MS, the searches go to the primary.
    await replicaUsable(false);
    expect(t.app.dealmap.ctx.reads.replicas()[0].lastError).toMatch(/behind the primary/);
    const lagging = await searchIds();
    expect(lagging.status).toBe(200);
    expect(lagging.ids).not.toContain(gone);

    await standby.query('select pg_wal_replay_resume()');
    await caughtUp();
    await replicaUsable(true);
    expect((await searchIds()).ids).not.toContain(gone);
  });

  it('a standby that goes down mid-use costs no error: the searches go to the primary', async () => {
    await replicaUsable(true);
    await standby.end();
    pgCtl('standby', 'stop');
    // At once (the router still believes in the replica) and after it has noticed.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await searchIds()).status);
    await replicaUsable(false);
    answers.push((await searchIds()).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    // Geocoding and comps read through the same router.
    const geocode = await t.app.inject({ method: 'GET', url: '/api/v1/auth/geocode?q=Austin', headers: bearer(token) });
    expect(geocode.statusCode).toBe(200);
  });
});
