/**
 * The restore drill (docs/deploy.md, "Backups and restores"): a server with the demo listings and
 * people's work in it (saved searches, saved calculations, pipeline deals, notes) is backed up with
 * "Back up now", more is written, the backup is restored into a new data directory or database, and a
 * server started on it has every write acknowledged before the backup, none after, and answers a
 * search. Then damaged and foreign files, the wrong kind and a target in use are refused, with the
 * target left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Pool } from 'pg';
import {
  BackupRefused,
  REQUESTS_DIR_NAME,
  requestBackup,
  RestoredWithProblem,
  restoreBackup,
  type RestoreTarget,
} from '../../../../src/server/modules/backups';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { listingWhatIf } from '../../../support/what-if';
import { DATABASES, bearer, json, login, searchProperties, signup } from '../../helpers';
import { adminToken, backUpNow, createPostgresDatabase, startApp, tempDir } from './backup-fixtures';

jest.setTimeout(120_000);

interface Place {
  id: string;
  bounds: { ne: { lat: number; lng: number }; sw: { lat: number; lng: number } };
}

/** A user's work through the API: one of each, named by `tag`. */
async function writeWork(app: FastifyInstance, token: string, tag: string, place: Place) {
  const headers = bearer(token);
  const calls = [
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/saved-searches',
      headers,
      payload: { name: `Search ${tag}`, bounds: place.bounds },
    }),
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/saved-calculations',
      headers,
      payload: { name: `Calc ${tag}`, propertyId: place.id, strategy: 'buyHold', whatIf: listingWhatIf() },
    }),
    app.inject({ method: 'PUT', url: `/api/v1/auth/pipeline/properties/${place.id}`, headers, payload: { stage: 'watching' } }),
    app.inject({ method: 'PUT', url: '/api/v1/auth/notes', headers, payload: { propertyId: place.id, body: `Note ${tag}` } }),
  ];
  for (const response of await Promise.all(calls)) {
    if (response.statusCode >= 300) throw new Error(`a write failed: ${response.statusCode} ${response.body}`);
  }
}

/** What the user finds of their work. */
async function readWork(app: FastifyInstance, token: string, places: Place[]) {
  const headers = bearer(token);
  const get = async (url: string) => json(await app.inject({ method: 'GET', url, headers })).data;
  return {
    searches: ((await get('/api/v1/auth/saved-searches')) as Array<{ name: string }>).map((s) => s.name).sort(),
    calculations: ((await get('/api/v1/auth/saved-calculations/all')) as Array<{ name: string }>).map((c) => c.name).sort(),
    pipeline: ((await get('/api/v1/auth/pipeline')) as Array<{ propertyId: string }>).map((d) => d.propertyId).sort(),
    notes: await Promise.all(places.map(async (p) => (await get(`/api/v1/auth/notes?propertyId=${p.id}`)).body as string)),
  };
}

/** Two demo listings in different places, each with a box around it. */
async function twoPlaces(app: FastifyInstance): Promise<Place[]> {
  const { rows } = await sql<{ id: string; latitude: number; longitude: number }>`
    select id::text as id, latitude, longitude from properties order by listing_key limit 2`.execute(app.dealmap.ctx.db);
  return rows.map((r) => ({
    id: r.id,
    bounds: { ne: { lat: r.latitude + 0.05, lng: r.longitude + 0.05 }, sw: { lat: r.latitude - 0.05, lng: r.longitude - 0.05 } },
  }));
}

/** A copy of a backup and its manifest in `dir`, for a test to damage. */
function copyBackup(file: string, dir: string, name = path.basename(file)): string {
  const copy = path.join(dir, name);
  fs.copyFileSync(file, copy);
  fs.copyFileSync(`${file}.json`, `${copy}.json`);
  return copy;
}

describe.each(DATABASES)('the restore drill on $name', (database) => {
  const root = tempDir('restore-drill');
  const backupDir = path.join(root, 'backups');
  const cleanups: Array<() => Promise<void>> = [];
  let backupFile = '';
  let restoredTarget: RestoreTarget;
  /** A target of the right kind that does not exist yet. */
  let freshTarget: () => Promise<RestoreTarget>;
  /** Whether the target is as it was before a refused restore (no database made, nothing changed). */
  let untouched: (target: RestoreTarget) => Promise<boolean>;

  beforeAll(() => {
    if (database.url) {
      const baseUrl = database.url;
      freshTarget = async () => {
        const made = await createPostgresDatabase(baseUrl, 'dealmap_drill_target');
        cleanups.push(made.drop);
        const pool = new Pool({ connectionString: made.url, max: 1 });
        await pool.query("create table sentinel (note text); insert into sentinel values ('keep me')");
        await pool.end();
        return { databaseUrl: made.url };
      };
      untouched = async (target) => {
        const pool = new Pool({ connectionString: (target as { databaseUrl: string }).databaseUrl, max: 1 });
        try {
          const tables = await pool.query<{ name: string }>(
            "select table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
          );
          const sentinel = await pool.query<{ note: string }>('select note from sentinel');
          return tables.rows.map((r) => r.name).join() === 'sentinel' && sentinel.rows[0]?.note === 'keep me';
        } finally {
          await pool.end();
        }
      };
    } else {
      let n = 0;
      freshTarget = async () => ({ dataDir: path.join(root, `target-${++n}`) });
      untouched = async (target) => !fs.existsSync((target as { dataDir: string }).dataDir);
    }
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores every write acknowledged before the backup, and none after, into a server that works', async () => {
    const started = Date.now();
    let sourceConfig: { dataDir: string; databaseUrl?: string };
    if (database.url) {
      const source = await createPostgresDatabase(database.url, 'dealmap_drill_source');
      cleanups.push(source.drop);
      sourceConfig = { dataDir: path.join(root, 'source-files'), databaseUrl: source.url };
    } else {
      sourceConfig = { dataDir: path.join(root, 'source') };
    }
    const source = await startApp({ ...sourceConfig, backupDir }, { backups: { commandPollMs: 100 } });
    let places: Place[];
    const ada = { email: 'ada@drill.test', password: 'drill-password-1', token: '' };
    try {
      await loadDemoData(source.dealmap.ctx.db, { listings: 200, seed: 3 });
      places = await twoPlaces(source);
      ada.token = (await signup(source, ada.email, ada.password)).token;
      await writeWork(source, ada.token, 'before', places[0]);
      const admin = await adminToken(source);
      backupFile = await backUpNow(source, admin, backupDir);
      await writeWork(source, ada.token, 'after', places[1]);
      await source.inject({
        method: 'PUT',
        url: '/api/v1/auth/notes',
        headers: bearer(ada.token),
        payload: { propertyId: places[0].id, body: 'Note changed after' },
      });
      expect((await readWork(source, ada.token, places)).notes).toEqual(['Note changed after', 'Note after']);

      if (!database.url) {
        // Not into the directory of a server that runs: it is left as it is.
        await expect(restoreBackup(backupFile, { dataDir: sourceConfig.dataDir }, { replace: true })).rejects.toThrow(
          /^A Dealmap process \(pid \d+\) is using .*: stop it first\. Nothing was restored\.$/,
        );
        expect((await readWork(source, ada.token, places)).notes).toEqual(['Note changed after', 'Note after']);
        // `npm run backup` while this server holds DATA_DIR: the server takes it for the command.
        const answer = await requestBackup(path.join(sourceConfig.dataDir, REQUESTS_DIR_NAME), { pollMs: 50 });
        expect(answer).toEqual({ ok: true, file: expect.stringMatching(/dealmap-.*\.pglite\.tar\.gz$/) });
        const manifest = JSON.parse(fs.readFileSync(`${(answer as { file: string }).file}.json`, 'utf8'));
        expect(manifest).toMatchObject({ format: 'dealmap-backup', kind: 'pglite', trigger: 'command' });
      }
    } finally {
      await source.close();
    }

    expect(path.basename(backupFile)).toMatch(
      database.url
        ? /^dealmap-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.pgdump$/
        : /^dealmap-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.pglite\.tar\.gz$/,
    );
    if (database.url) {
      const made = await createPostgresDatabase(database.url, 'dealmap_drill_restored');
      cleanups.push(made.drop);
      restoredTarget = { databaseUrl: made.url };
    } else {
      restoredTarget = { dataDir: path.join(root, 'restored') };
    }
    const result = await restoreBackup(backupFile, restoredTarget);
    expect(result.manifest.kind).toBe(database.url ? 'postgres' : 'pglite');

    const restored = await startApp(
      'dataDir' in restoredTarget
        ? { dataDir: restoredTarget.dataDir, backupDir: path.join(root, 'unused-backups') }
        : {
            dataDir: path.join(root, 'restored-files'),
            databaseUrl: restoredTarget.databaseUrl,
            backupDir: path.join(root, 'unused'),
          },
    );
    try {
      const signedIn = await login(restored, ada.email, ada.password);
      expect(signedIn.statusCode).toBe(200);
      const token = json(signedIn).data.token as string;
      expect(await readWork(restored, token, places!)).toEqual({
        searches: ['Search before'],
        calculations: ['Calc before'],
        pipeline: [places![0].id],
        notes: ['Note before', ''],
      });
      // The app works: a map search finds the demo listings, and a new write is taken.
      const page = json(
        await searchProperties(restored, token, { type: 'bounds', zoom: 12, bounds: JSON.stringify(places![0].bounds) }),
      ).data;
      expect(page.properties.length).toBeGreaterThan(0);
      await writeWork(restored, token, 'restored', places![1]);
      expect((await readWork(restored, token, places!)).searches).toEqual(['Search before', 'Search restored']);
    } finally {
      await restored.close();
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('refuses a damaged file (a changed byte, a copy cut short) and leaves the target untouched', async () => {
    const dir = tempDir('damaged');
    try {
      const flipped = copyBackup(backupFile, dir, `flipped-${path.basename(backupFile)}`);
      const bytes = fs.readFileSync(flipped);
      bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      fs.writeFileSync(flipped, bytes);
      const cut = copyBackup(backupFile, dir, `cut-${path.basename(backupFile)}`);
      fs.truncateSync(cut, Math.floor(fs.statSync(cut).size / 3));

      for (const [file, message] of [
        [flipped, /is damaged: its SHA-256 is [0-9a-f]{64}, its manifest says [0-9a-f]{64}\. Nothing was restored\./],
        [cut, /is damaged: it is [\d,]+ bytes and its manifest says [\d,]+ \(a copy cut short\?\)\. Nothing was restored\./],
      ] as const) {
        const target = await freshTarget();
        const refused = restoreBackup(file, target, { replace: true });
        await expect(refused).rejects.toBeInstanceOf(BackupRefused);
        await expect(refused).rejects.toThrow(message);
        expect(await untouched(target)).toBe(true);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a foreign file, a foreign manifest, the other kind, a newer Dealmap and a target that holds a database', async () => {
    const dir = tempDir('foreign');
    try {
      const stranger = path.join(dir, 'holiday-photos.tar.gz');
      fs.writeFileSync(stranger, 'not a backup at all');
      const foreignManifest = copyBackup(backupFile, dir, `foreign-${path.basename(backupFile)}`);
      fs.writeFileSync(`${foreignManifest}.json`, JSON.stringify({ tool: 'some other backup tool', sha256: 'x' }));
      const future = copyBackup(backupFile, dir, `future-${path.basename(backupFile)}`);
      const manifest = JSON.parse(fs.readFileSync(`${future}.json`, 'utf8'));
      fs.writeFileSync(`${future}.json`, JSON.stringify({ ...manifest, migration: '9999-from-the-future' }));
      const otherKind: RestoreTarget = database.url
        ? { dataDir: path.join(dir, 'pglite-target') }
        : { databaseUrl: 'postgres://nobody@127.0.0.1:1/nowhere' };

      const cases: Array<[string, RestoreTarget | null, RegExp]> = [
        [
          stranger,
          null,
          /is not a Dealmap backup, or its manifest was left behind: holiday-photos\.tar\.gz\.json is not beside it/,
        ],
        [foreignManifest, null, /is not a Dealmap backup manifest \(it does not say it is a Dealmap backup\)/],
        [
          backupFile,
          otherKind,
          database.url
            ? /is a PostgreSQL backup \(pg_dump\): restore it into a PostgreSQL database with --to-database URL, not into a data directory/
            : /is a PGlite \(embedded database\) backup: restore it into a data directory with --to-data-dir DIR, not into PostgreSQL/,
        ],
        [
          future,
          null,
          /was taken by a newer Dealmap \(its database is at migration 9999-from-the-future; this one knows up to \d{4}-/,
        ],
        [path.join(dir, 'missing.pgdump'), null, /^No such file: .*missing\.pgdump\. Nothing was restored\.$/],
      ];
      for (const [file, given, message] of cases) {
        const target = given ?? (await freshTarget());
        const refused = restoreBackup(file, target);
        await expect(refused).rejects.toBeInstanceOf(BackupRefused);
        await expect(refused).rejects.toThrow(message);
        if (!given) expect(await untouched(target)).toBe(true);
      }
      expect(fs.existsSync(path.join(dir, 'pglite-target'))).toBe(false);

      // The drill's restored database is there: not over it without --replace.
      await expect(restoreBackup(backupFile, restoredTarget)).rejects.toThrow(
        database.url
          ? /is not empty \(\d+ tables, views or sequences\)\. Restore into a new database .* or add --replace/
          : /already holds a database .* Restore into a new directory, or add --replace to move that one aside/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --replace, restores over a database that is there (PGlite keeps the old one aside)', async () => {
    const result = await restoreBackup(backupFile, restoredTarget, { replace: true });
    if ('dataDir' in restoredTarget) {
      expect(result.movedAside).toMatch(/pglite\.replaced-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      expect(fs.existsSync(path.join(result.movedAside!, 'PG_VERSION'))).toBe(true);
    }
    const app = await startApp(
      'dataDir' in restoredTarget
        ? { dataDir: restoredTarget.dataDir, backupDir: path.join(root, 'unused-backups') }
        : {
            dataDir: path.join(root, 'restored-files'),
            databaseUrl: restoredTarget.databaseUrl,
            backupDir: path.join(root, 'unused'),
          },
    );
    try {
      const token = json(await login(app, 'ada@drill.test', 'drill-password-1')).data.token as string;
      const searches = json(await app.inject({ method: 'GET', url: '/api/v1/auth/saved-searches', headers: bearer(token) })).data;
      // The write made on the restored server is gone again: the backup is what is there.
      expect(searches.map((s: { name: string }) => s.name)).toEqual(['Search before']);
    } finally {
      await app.close();
    }
  });

  (database.url ? it : it.skip)(
    'with --replace, refuses a database at a newer migration than the backup, or with tables it does not have, untouched',
    async () => {
      const made = await createPostgresDatabase(database.url!, 'dealmap_drill_newer');
      cleanups.push(made.drop);
      await restoreBackup(backupFile, { databaseUrl: made.url });
      const pool = new Pool({ connectionString: made.url, max: 1 });
      /** What a refused restore must leave as it was. */
      const state = async () => ({
        tables: (
          await pool.query<{ name: string }>(
            "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
          )
        ).rows.map((r) => r.name),
        migration: (await pool.query<{ name: string }>('select max(name) as name from kysely_migration')).rows[0].name,
        later: (await pool.query<{ note: string }>('select note from later_things')).rows.map((r) => r.note),
        users: (await pool.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n,
      });
      try {
        // A later release's migration: a table that refers to the backup's (pg_restore --clean would fail
        // to drop users under it, or leave it beside an older kysely_migration).
        await pool.query(`
          insert into kysely_migration (name, timestamp) values ('9999-later', now()::text);
          create table later_things (user_id uuid references users (id), note text);
          insert into later_things (user_id, note) select id, 'keep me' from users limit 1;`);
        const before = await state();
        expect(before.later).toEqual(['keep me']);
        const name = new URL(made.url).pathname.slice(1);

        const newer = restoreBackup(backupFile, { databaseUrl: made.url }, { replace: true });
        await expect(newer).rejects.toBeInstanceOf(BackupRefused);
        await expect(newer).rejects.toThrow(
          new RegExp(
            `^The database ${name} is at a newer migration \\(9999-later\\) than the backup \\(\\d{4}-[^)]+\\): .*` +
              `Restore into a new, empty database instead: createdb ${name}_restored, then npm run restore -- .* ` +
              `--to-database postgres://[^:@]+@[^/]+/${name}_restored, and point the servers at it\\. Nothing was restored\\.$`,
          ),
        );
        expect(await state()).toEqual(before);

        // At the backup's migration, but with a table the backup does not have: refused the same.
        await pool.query("delete from kysely_migration where name = '9999-later'");
        const withoutMigration = await state();
        const extra = restoreBackup(backupFile, { databaseUrl: made.url }, { replace: true });
        await expect(extra).rejects.toThrow(
          /holds 1 table the backup does not \(public\.later_things\): --replace drops only the backup's tables.*Nothing was restored\.$/,
        );
        expect(await state()).toEqual(withoutMigration);
      } finally {
        await pool.end();
      }
    },
  );

  (database.url ? it : it.skip)('says "restored, but" when what pg_restore committed is not what the manifest says', async () => {
    const dir = tempDir('mismatch');
    try {
      const copy = copyBackup(backupFile, dir);
      const manifest = JSON.parse(fs.readFileSync(`${copy}.json`, 'utf8'));
      fs.writeFileSync(`${copy}.json`, JSON.stringify({ ...manifest, migration: '0001-initial' }));
      const made = await createPostgresDatabase(database.url!, 'dealmap_drill_mismatch');
      cleanups.push(made.drop);
      const restored = restoreBackup(copy, { databaseUrl: made.url });
      await expect(restored).rejects.toBeInstanceOf(RestoredWithProblem);
      await expect(restored).rejects.toThrow(
        /^The backup was restored into dealmap_drill_mismatch_\w+, but the database is at migration \d{4}-\S+ and the manifest says 0001-initial: do not start servers on it\. Restore into a new, empty database instead/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
