/**
 * kill -9 in the middle of a sync (issue 30), on PGlite and PostgreSQL: the real server
 * (src/server/index.ts) replicates from the RESO test server, is killed with SIGKILL while it writes
 * the pages, and is started again: the next run asks for the rows after the cursor stored with the
 * last page written, and the database ends as an import of the same rows from a file makes it,
 * nothing lost or written twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../../../src/server/db/database';
import { importFile } from '../../../../src/server/modules/feed-import';
import { recomputeDirty } from '../../../../src/server/modules/listings';
import { resoRecords, startResoServer, type ResoServer } from '../../../reso-server';
import { createScratchDatabase, startServerProcess, until } from '../../cluster-processes';
import { CLIENT, propertyRequests, tablesOf } from './listing-feed-fixtures';
import { createTestApp, DATABASES } from '../../helpers';

jest.setTimeout(300_000);

const RECORDS = resoRecords(3000, 9);
const PAGE = 100;

/** The real server replicating from `server`, on PGlite in `dataDir` or on `databaseUrl`. */
const startServer = (server: ResoServer, dataDir: string, databaseUrl: string | undefined) =>
  startServerProcess(
    'feed-crash',
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      RESO_API_URL: server.url,
      RESO_TOKEN_URL: server.tokenUrl,
      RESO_CLIENT_ID: CLIENT.clientId,
      RESO_CLIENT_SECRET: CLIENT.clientSecret,
    },
    { dataDir },
  );

describe.each(DATABASES)('kill -9 in the middle of a sync on $name', (database) => {
  let server: ResoServer;
  let root: string;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-feed-crash-'));
    server = await startResoServer({ ...CLIENT, pageSize: PAGE });
    server.upsert(RECORDS);
    if (database.url) scratch = await createScratchDatabase(database.url);
  });
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The database the server processes use, opened here while none runs. */
  const open = (): Promise<Database> =>
    createDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: path.join(root, 'data') });

  it('resumes from the stored cursor, and ends with what an import of the same rows makes', async () => {
    // Each page a little slow, so the kill meets the sync in its middle.
    server.fault({ kind: 'stall', ms: 150 }, RECORDS.length / PAGE);
    const first = await startServer(server, path.join(root, 'data'), scratch?.url);
    try {
      await until(() => propertyRequests(server).filter((r) => r.status === 200).length >= 8, 'eight pages served');
    } finally {
      await first.kill('SIGKILL');
    }
    const killedAt = propertyRequests(server).length;

    const crashed = await open();
    let cursor: { at: string; key: string };
    let written: number;
    try {
      const row = await sql<{ at: string | null; key: string | null; written: number }>`
        select f.cursor_modified_at as at, f.cursor_listing_key as key, (select rows_read from listing_feed_runs order by id limit 1) as written
        from listing_feed f`.execute(crashed.db);
      expect(row.rows[0].at).not.toBeNull();
      cursor = { at: row.rows[0].at!, key: row.rows[0].key! };
      written = row.rows[0].written;
      // Mid-sync: some pages written, not all; the cursor is the last row of the last page written.
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(RECORDS.length);
      expect(written % PAGE).toBe(0);
      const records = server.records();
      expect(records[written - 1]).toMatchObject({ ModificationTimestamp: cursor.at, ListingKey: cursor.key });
      const runs = await sql<{ n: number }>`select count(*)::int as n from listing_feed_runs where finished_at is null`.execute(
        crashed.db,
      );
      expect(runs.rows[0].n).toBe(1);
    } finally {
      await crashed.close();
    }

    const second = await startServer(server, path.join(root, 'data'), scratch?.url);
    try {
      await until(async () => {
        const feed = (await second.health())?.listingFeed;
        return feed && feed.state === 'idle' && feed.lastSuccessAt !== null && feed.lastReconciledAt !== null;
      }, 'the second start to finish the sync');
    } finally {
      await second.kill('SIGTERM');
    }
    const resumed = propertyRequests(server).slice(killedAt);
    expect(resumed[0].query.filter).toBe(
      `(ModificationTimestamp gt ${cursor.at} or (ModificationTimestamp eq ${cursor.at} and ListingKey gt '${cursor.key}'))`,
    );
    // Only the rows after the cursor were read again (the reconciliation's key list aside).
    const replicated = resumed.filter((r) => r.query.select?.join() !== 'ListingKey');
    expect(replicated.reduce((n, r) => n + (r.rows ?? 0), 0)).toBe(RECORDS.length - written);

    const file = path.join(root, 'feed.jsonl');
    fs.writeFileSync(file, `${RECORDS.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const fromFile = await createTestApp(database);
    const synced = await open();
    try {
      await importFile(fromFile.db, file);
      // The second start's own catch-up ("computing" the listings the crash left without results)
      // ran beside the sync, with the comps' reference date of the rows in by then, as two file
      // imports would: the same rows computed anew on both sides must give the same results.
      for (const db of [synced.db, fromFile.db]) {
        expect(
          (await sql<{ n: number }>`select count(*)::int as n from properties where needs_recompute`.execute(db)).rows[0].n,
        ).toBe(0);
        await sql`update properties set needs_recompute = true`.execute(db);
        await recomputeDirty(db);
      }
      expect(await tablesOf(synced.db)).toEqual(await tablesOf(fromFile.db));
      const runs = await sql<{ kind: string; rows: number; error: string | null }>`
        select kind, rows_read as rows, error from listing_feed_runs order by id`.execute(synced.db);
      expect(runs.rows).toEqual([
        { kind: 'full', rows: written, error: expect.stringMatching(/^Interrupted: the server stopped during the run/) },
        { kind: 'incremental', rows: RECORDS.length - written, error: null },
        { kind: 'reconcile', rows: expect.any(Number), error: null },
      ]);
    } finally {
      await synced.close();
      await fromFile.close();
    }
  });
});
