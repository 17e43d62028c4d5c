/**
 * The server's backups (docs/deploy.md, "Backups and restores"; docs/admin-api.md, "Backups"): the
 * admin routes (Admin only, "Back up now" audit-logged), the files and manifests they write, the
 * schedule (every BACKUP_EVERY_HOURS, skipped when a fresh one is there, BACKUP_KEEP newest kept), a
 * failure in words, and the metrics.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { metricsRegistry } from '../../../../src/server/lib/metrics/registry';
import { BackupWorker, checkBackup } from '../../../../src/server/modules/backups';
import { BUSY_MESSAGE, WRITING_MESSAGE } from '../../../../src/server/modules/backups/backup-worker';
import { readFailure } from '../../../../src/server/modules/backups/backup-files';
import type { BackupStatus } from '../../../../src/shared/schemas/backups';
import { ADMIN, DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { adminToken, backUpNow, backupStatus, settledStatus, tempDir } from './backup-fixtures';

jest.setTimeout(60_000);

const HOUR = 60 * 60_000;

async function metricLines(name: string): Promise<string[]> {
  return (await metricsRegistry.getSingleMetricAsString(name)).split('\n').filter((line) => line.startsWith(name));
}

/** How many `backup` job runs ended so (the job's label, whatever its name). */
async function backupRuns(outcome: 'ok' | 'failed'): Promise<number> {
  const line = (await metricLines('dealmap_job_runs_total')).find((l) => l.includes(`="backup",outcome="${outcome}"`));
  return Number(line?.split(' ').pop() ?? 0);
}

describe.each(DATABASES)('backups on $name', (database) => {
  const root = tempDir('backups');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  describe('Back up now', () => {
    const dir = path.join(root, 'now');
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      // There already, as mkdir with the usual umask leaves it: the first backup makes it private.
      fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      t = await createTestApp(database, { config: { backupDir: dir } });
      token = await adminToken(t.app);
    }, SETUP_TIMEOUT);
    afterAll(async () => t?.close());

    it('is for Admins only', async () => {
      for (const method of ['GET', 'POST'] as const) {
        expect((await t.app.inject({ method, url: '/api/v1/admin/backups' })).statusCode).toBe(401);
        const investor = await signup(t.app);
        expect((await t.app.inject({ method, url: '/api/v1/admin/backups', headers: bearer(investor.token) })).statusCode).toBe(
          403,
        );
      }
    });

    it('says the schedule is off and there is no backup yet', async () => {
      expect(await backupStatus(t.app, token)).toEqual({
        kind: database.url ? 'postgres' : 'pglite',
        dir,
        everyHours: 0,
        keep: 7,
        running: false,
        nextAt: null,
        lastFailure: null,
        backups: [],
      } satisfies BackupStatus);
    });

    it('writes a backup and its manifest, read back, lists it, audit-logs the click and sets the metrics', async () => {
      const runsBefore = await backupRuns('ok');
      const file = await backUpNow(t.app, token, dir);
      const status = await backupStatus(t.app, token);
      const [backup] = status.backups;
      expect(backup).toEqual({
        name: path.basename(file),
        kind: database.url ? 'postgres' : 'pglite',
        trigger: 'admin',
        createdAt: expect.any(String),
        sizeBytes: fs.statSync(file).size,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        migration: expect.stringMatching(/^\d{4}-/),
        durationMs: expect.any(Number),
        verified: true,
        problem: null,
      });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${file}.json`).mode & 0o777).toBe(0o600);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      // The restore's own check agrees.
      expect((await checkBackup(file)).manifest).toMatchObject({ sha256: backup.sha256, kind: backup.kind, file: backup.name });
      // Nothing temporary is left.
      expect(fs.readdirSync(dir).sort()).toEqual([backup.name, `${backup.name}.json`]);

      const log = json(
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?entityType=backup', headers: bearer(token) }),
      ).data.items;
      expect(log[0]).toMatchObject({ action: 'run', entityType: 'backup', actorUsername: ADMIN.email, after: { started: true } });

      expect(await metricLines('dealmap_backup_last_success_timestamp_seconds')).toEqual([
        `dealmap_backup_last_success_timestamp_seconds ${Date.parse(backup.createdAt) / 1000}`,
      ]);
      expect(await metricLines('dealmap_backup_last_size_bytes')).toEqual([`dealmap_backup_last_size_bytes ${backup.sizeBytes}`]);
      expect(await backupRuns('ok')).toBe(runsBefore + 1);
    });

    it('does not start another while one is being written (by any server into BACKUP_DIR)', async () => {
      const partial = path.join(dir, '.dealmap-2026-01-01T00-00-00Z.pgdump.partial');
      fs.writeFileSync(partial, 'being written');
      try {
        expect((await backupStatus(t.app, token)).running).toBe(true);
        const answer = json(await t.app.inject({ method: 'POST', url: '/api/v1/admin/backups', headers: bearer(token) })).data;
        expect(answer).toMatchObject({ started: false, message: WRITING_MESSAGE, status: { running: true } });
      } finally {
        fs.rmSync(partial);
      }
    });

    it('says what is wrong with a backup whose file was cut short or lost', async () => {
      const [backup] = (await backupStatus(t.app, token)).backups;
      const file = path.join(dir, backup.name);
      const saved = fs.readFileSync(file);
      try {
        fs.truncateSync(file, 10);
        expect((await backupStatus(t.app, token)).backups[0]).toMatchObject({
          verified: false,
          problem: `The file is 10 bytes, its manifest says ${backup.sizeBytes.toLocaleString('en-US')}: it was cut short or changed after it was written`,
        });
        fs.rmSync(file);
        expect((await backupStatus(t.app, token)).backups[0].problem).toBe(
          'The backup file is missing: only its manifest is left',
        );
      } finally {
        fs.writeFileSync(file, saved, { mode: 0o600 });
      }
    });
  });

  it('reports a failure in words, and clears it with the next success', async () => {
    const blocker = path.join(root, 'a-file');
    fs.writeFileSync(blocker, 'not a directory');
    const t = await createTestApp(database, { config: { backupDir: path.join(blocker, 'backups') } });
    try {
      const token = await adminToken(t.app);
      const failedBefore = await backupRuns('failed');
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/backups', headers: bearer(token) })).statusCode).toBe(202);
      const status = await settledStatus(t.app, token);
      expect(status.backups).toEqual([]);
      expect(status.lastFailure).toEqual({
        at: expect.any(String),
        trigger: 'admin',
        error: `The backup failed: BACKUP_DIR ${path.join(blocker, 'backups')} cannot be created: a part of the path is a file, not a directory`,
      });
      expect(await backupRuns('failed')).toBe(failedBefore + 1);

      // The path is put right: the next backup works and the failure is no longer shown.
      fs.rmSync(blocker);
      fs.mkdirSync(blocker);
      await backUpNow(t.app, token, path.join(blocker, 'backups'));
      const after = await backupStatus(t.app, token);
      expect(after.lastFailure).toBeNull();
      expect(after.backups).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  (database.url ? it : it.skip)('says so when another server holds the backup lock, rather than that one started', async () => {
    const dir = path.join(root, 'busy');
    const t = await createTestApp(database, { config: { backupDir: dir } });
    // Another server: its own connection, holding the lock as a backup there does (cluster-lock.ts).
    const other = new Client({ connectionString: database.url, options: `-c search_path=${t.app.dealmap.database.schema}` });
    await other.connect();
    try {
      const token = await adminToken(t.app);
      const { rows } = await other.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtext(current_schema() || ':dealmap:' || 'backup')) as locked",
      );
      expect(rows[0].locked).toBe(true);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/admin/backups', headers: bearer(token) });
      expect(response.statusCode).toBe(202);
      expect(json(response).data).toMatchObject({
        started: false,
        message: BUSY_MESSAGE,
        status: { running: false, lastFailure: null },
      });
      expect(BUSY_MESSAGE).toBe('Another server is taking a backup now; it shows here when it is written');
      // Nothing was written here, and nothing counts as a failure.
      const status = await settledStatus(t.app, token);
      expect(status).toMatchObject({ backups: [], lastFailure: null });
      const log = json(
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit-log?entityType=backup', headers: bearer(token) }),
      ).data.items;
      expect(log[0]).toMatchObject({ action: 'run', after: { started: false } });

      // The other server is done: "Back up now" takes one here.
      await other.query("select pg_advisory_unlock(hashtext(current_schema() || ':dealmap:' || 'backup'))");
      await backUpNow(t.app, token, dir);
      expect((await backupStatus(t.app, token)).backups).toHaveLength(1);
    } finally {
      await other.end();
      await t.close();
    }
  });

  it('does not count a backup the server stopped (SIGTERM) as a failure', async () => {
    const dir = path.join(root, 'stopped');
    const t = await createTestApp(database, { config: { backupDir: dir } });
    try {
      const failedBefore = await backupRuns('failed');
      const worker = new BackupWorker({
        db: t.db,
        database: t.app.dealmap.database,
        databaseUrl: database.url,
        locks: t.app.dealmap.ctx.cluster,
        dir,
        everyHours: 0,
        keep: 2,
        requestsDir: null,
      });
      const outcome = worker.backUp('admin');
      if (database.url) {
        // pg_dump is under way: its temporary file is there.
        const deadline = Date.now() + 10_000;
        while (!fs.existsSync(dir) || !fs.readdirSync(dir).some((name) => name.endsWith('.partial'))) {
          if (Date.now() > deadline) throw new Error('the backup did not start');
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
      await worker.stop();
      // pg_dump is stopped; PGlite's dump is short and runs to its end.
      expect(await outcome).toEqual(database.url ? { ok: false, skipped: 'stopped' } : expect.objectContaining({ ok: true }));
      expect(await readFailure(dir)).toBeNull();
      expect((await worker.status()).lastFailure).toBeNull();
      expect(await backupRuns('failed')).toBe(failedBefore);
      // Nothing half-written is left under a backup's name or a temporary one.
      expect(fs.readdirSync(dir).filter((name) => name.endsWith('.partial') || !name.startsWith('dealmap-'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('takes one every BACKUP_EVERY_HOURS, skips while a fresh one is there, and keeps the BACKUP_KEEP newest', async () => {
    const dir = path.join(root, 'schedule');
    let now = new Date('2026-11-29T14:00:00Z').getTime();
    const t = await createTestApp(database, {
      config: { backupDir: dir, backupEveryHours: 6, backupKeep: 2 },
      backups: { now: () => new Date(now), pollMs: 60_000 },
    });
    const worker = t.app.dealmap.backups;
    const names = () =>
      fs
        .readdirSync(dir)
        .filter((n) => !n.endsWith('.json'))
        .sort();
    const look = async () => {
      worker.kick();
      await worker.idle();
    };
    try {
      const token = await adminToken(t.app);
      // The first look after the start takes one: there was none.
      await worker.idle();
      const kind = database.url ? 'pgdump' : 'pglite.tar.gz';
      expect(names()).toEqual([`dealmap-2026-11-29T14-00-00Z.${kind}`]);
      expect((await backupStatus(t.app, token)).nextAt).toBe('2026-11-29T20:00:00.000Z');

      now += 5 * HOUR;
      await look();
      expect(names()).toHaveLength(1);

      now += HOUR;
      await look();
      now += 6 * HOUR;
      await look();
      expect(names()).toEqual([`dealmap-2026-11-29T20-00-00Z.${kind}`, `dealmap-2026-11-30T02-00-00Z.${kind}`]);
      const status = await backupStatus(t.app, token);
      expect(status.backups.map((b: { trigger: string }) => b.trigger)).toEqual(['schedule', 'schedule']);
      expect(status).toMatchObject({ everyHours: 6, keep: 2, nextAt: '2026-11-30T08:00:00.000Z' });

      // Another server with the same BACKUP_DIR finds the newest fresh and leaves it.
      const other = new BackupWorker({
        db: t.db,
        database: t.app.dealmap.database,
        databaseUrl: database.url,
        locks: t.app.dealmap.ctx.cluster,
        dir,
        everyHours: 6,
        keep: 2,
        requestsDir: null,
        now: () => new Date(now + HOUR),
      });
      expect(await other.backUp('schedule')).toEqual({ ok: false, skipped: 'fresh' });
    } finally {
      await t.close();
    }
  });
});
