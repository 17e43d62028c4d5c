/**
 * The backup files themselves (backup-files.ts): private while they are written (the temporary file
 * 0600 before pg_dump writes into it, BACKUP_DIR made 0700 also when it was there with a looser mode),
 * what a crash left pruned once it is old (temporary files, a backup file whose manifest was never
 * written), and the newest backup that is whole told from one that is cut short or gone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import type { BackupFile } from '../../../../src/shared/schemas/backups';
import {
  ensureBackupDir,
  listBackups,
  newestGoodBackup,
  pruneBackups,
  writeBackup,
  type NewBackup,
} from '../../../../src/server/modules/backups/backup-files';
import { pgDump } from '../../../../src/server/modules/backups/postgres-tools';
import { tempDir } from './backup-fixtures';

const DAY = 24 * 60 * 60_000;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

const NEW_BACKUP: NewBackup = {
  kind: 'postgres',
  trigger: 'admin',
  createdAt: new Date('2026-11-29T14:00:00Z'),
  migration: '0001-x',
  schema: null,
};

describe('backup files are private from the start', () => {
  const root = tempDir('backup-files');
  let umask: number;
  beforeAll(() => {
    // The usual umask: a file created plainly would be 0644, a directory 0755.
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes a BACKUP_DIR that was there as 0755 private (0700), and the file pg_dump writes into 0600 before it writes', async () => {
    const dir = path.join(root, 'loose');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const seen: number[] = [];
    await expect(
      writeBackup(dir, NEW_BACKUP, async (partial) => {
        seen.push(modeOf(partial), fs.statSync(partial).size);
        throw new Error('stop here');
      }),
    ).rejects.toThrow('stop here');
    expect(seen).toEqual([0o600, 0]);
    expect(modeOf(dir)).toBe(0o700);
    // The temporary file is gone with the failure.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('creates a missing BACKUP_DIR 0700, and warns (but goes on) when one cannot be made private', () => {
    const dir = path.join(root, 'a', 'b');
    ensureBackupDir(dir);
    expect(modeOf(dir)).toBe(0o700);

    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared, { mode: 0o755 });
    fs.chmodSync(shared, 0o755);
    const chmod = jest.spyOn(fs, 'chmodSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    });
    const warnings: string[] = [];
    try {
      ensureBackupDir(shared, (message) => warnings.push(message));
    } finally {
      chmod.mockRestore();
    }
    expect(warnings).toEqual([
      `BACKUP_DIR ${shared} is mode 0755 and cannot be made 0700 (permission denied): others may list its backups ` +
        '(each file is still 0600, readable by this user only)',
    ]);
  });

  const url = process.env.DATABASE_URL;
  (url ? it : it.skip)('pg_dump writes into the 0600 file it is given and keeps its mode', async () => {
    const schema = `test_files_${randomBytes(5).toString('hex')}`;
    const pool = new Pool({ connectionString: url, max: 1 });
    try {
      await pool.query(`create schema ${schema}; create table ${schema}.t (note text); insert into ${schema}.t values ('x')`);
      const dir = path.join(root, 'pg');
      const seen: number[] = [];
      // Query options node-postgres reads and libpq does not: translated or left out for pg_dump.
      const address = `${url}${url!.includes('?') ? '&' : '?'}ssl=0&uselibpqcompat=true&statement_timeout=60000`;
      const { file } = await writeBackup(dir, { ...NEW_BACKUP, schema }, async (partial) => {
        await pgDump(address, partial, schema);
        seen.push(modeOf(partial));
      });
      expect(seen).toEqual([0o600]);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}.json`)).toBe(0o600);
    } finally {
      await pool.query(`drop schema if exists ${schema} cascade`);
      await pool.end();
    }
  });
});

describe('what a crash left', () => {
  const root = tempDir('backup-leftovers');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A backup file and its manifest, as writeBackup leaves them. */
  function writeListed(dir: string, name: string, createdAt: string): void {
    const body = 'PGDMP and more';
    fs.writeFileSync(path.join(dir, name), body, { mode: 0o600 });
    const manifest = {
      format: 'dealmap-backup',
      formatVersion: 1,
      kind: 'postgres',
      file: name,
      createdAt,
      sizeBytes: Buffer.byteLength(body),
      sha256: '0'.repeat(64),
      migration: '0001-x',
      trigger: 'schedule',
      durationMs: 5,
      verifiedAt: createdAt,
      schema: null,
    };
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(manifest), { mode: 0o600 });
  }

  function age(dir: string, name: string, ms: number, now: number): void {
    const at = new Date(now - ms);
    fs.utimesSync(path.join(dir, name), at, at);
  }

  it('prunes a backup file whose manifest was never written, once it is older than a day, and temporary files', async () => {
    const dir = path.join(root, 'orphans');
    fs.mkdirSync(dir, { recursive: true });
    const now = Date.now();
    writeListed(dir, 'dealmap-2026-11-28T14-00-00Z.pgdump', '2026-11-28T14:00:00.000Z');
    const oldOrphan = 'dealmap-2026-11-27T14-00-00Z.pgdump';
    const oldPgliteOrphan = 'dealmap-2026-11-26T14-00-00Z.pglite.tar.gz';
    const youngOrphan = 'dealmap-2026-11-29T14-00-00Z.pgdump';
    const oldPartial = '.dealmap-2026-11-25T14-00-00Z.pgdump.partial';
    const notOurs = 'dealmap-notes.txt';
    for (const name of [oldOrphan, oldPgliteOrphan, youngOrphan, oldPartial, notOurs])
      fs.writeFileSync(path.join(dir, name), 'x');
    for (const name of [oldOrphan, oldPgliteOrphan, oldPartial, notOurs]) age(dir, name, 2 * DAY, now);
    age(dir, youngOrphan, 60_000, now);

    // Not listed: a file without its manifest was never finished.
    expect((await listBackups(dir, now)).backups.map((b) => b.name)).toEqual(['dealmap-2026-11-28T14-00-00Z.pgdump']);
    expect(await pruneBackups(dir, 7, now)).toEqual([]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        'dealmap-2026-11-28T14-00-00Z.pgdump',
        'dealmap-2026-11-28T14-00-00Z.pgdump.json',
        // Younger than a day: it may be another server's, a moment before its manifest.
        youngOrphan,
        notOurs,
      ].sort(),
    );
  });

  it('tells the newest backup that is whole from a newer one cut short or lost', async () => {
    const dir = path.join(root, 'problems');
    fs.mkdirSync(dir, { recursive: true });
    writeListed(dir, 'dealmap-2026-11-27T14-00-00Z.pgdump', '2026-11-27T14:00:00.000Z');
    writeListed(dir, 'dealmap-2026-11-28T14-00-00Z.pgdump', '2026-11-28T14:00:00.000Z');
    writeListed(dir, 'dealmap-2026-11-29T14-00-00Z.pgdump', '2026-11-29T14:00:00.000Z');
    writeListed(dir, 'dealmap-2026-11-29T20-00-00Z.pgdump', '2026-11-29T20:00:00.000Z');
    fs.truncateSync(path.join(dir, 'dealmap-2026-11-29T14-00-00Z.pgdump'), 3);
    fs.rmSync(path.join(dir, 'dealmap-2026-11-29T20-00-00Z.pgdump'));

    const { backups } = await listBackups(dir);
    expect(backups.map((b) => [b.name, b.problem === null])).toEqual([
      ['dealmap-2026-11-29T20-00-00Z.pgdump', false],
      ['dealmap-2026-11-29T14-00-00Z.pgdump', false],
      ['dealmap-2026-11-28T14-00-00Z.pgdump', true],
      ['dealmap-2026-11-27T14-00-00Z.pgdump', true],
    ]);
    expect(newestGoodBackup(backups)?.name).toBe('dealmap-2026-11-28T14-00-00Z.pgdump');
    // Whatever the order it is given in.
    expect(newestGoodBackup([...backups].reverse())?.name).toBe('dealmap-2026-11-28T14-00-00Z.pgdump');
    expect(newestGoodBackup(backups.filter((b: BackupFile) => b.problem !== null))).toBeNull();
    expect(newestGoodBackup([])).toBeNull();
  });

  it('keeps the BACKUP_KEEP newest whole backups: broken newer ones push none out, and go once older than all kept', async () => {
    const dir = path.join(root, 'keep');
    fs.mkdirSync(dir, { recursive: true });
    const names = ['25', '26', '27', '28', '29'].map((day) => `dealmap-2026-11-${day}T14-00-00Z.pgdump`);
    names.forEach((name, i) => writeListed(dir, name, `2026-11-${25 + i}T14:00:00.000Z`));
    // The two newest are cut short and lost; the 26th is broken too, older than the one kept.
    fs.truncateSync(path.join(dir, names[4]), 3);
    fs.rmSync(path.join(dir, names[3]));
    fs.truncateSync(path.join(dir, names[1]), 3);

    expect((await pruneBackups(dir, 1)).sort()).toEqual([names[0], names[1]].sort());
    expect((await listBackups(dir)).backups.map((b) => [b.name, b.problem === null])).toEqual([
      [names[4], false],
      [names[3], false],
      [names[2], true],
    ]);
    // Fewer whole backups than BACKUP_KEEP: none goes, broken or not.
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(fs.readdirSync(dir).filter((n) => !n.endsWith('.json'))).toHaveLength(2);
  });
});
