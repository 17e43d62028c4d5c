/**
 * RESO replication bench: `npm run bench -- reso` (with DATABASE_URL, PostgreSQL too). Issue 30.
 *
 * BENCH_RESO_ROWS (default 100,000) rows of the demo feed (seed 7: the bulk-listings bench's feed;
 * listings, their sold comps and leases) served by the RESO test server (test/reso-server, in a
 * process of its own, as an MLS is another machine), pulled
 * into a fresh database by the listing feed's replication (pages of BENCH_RESO_PAGE rows, default
 * 1,000, as the server runs it: each page mapped and written in its transaction with the cursor, the
 * next one fetched meanwhile, a yield to the event loop between pages), beside the file import of the
 * same rows (a JSON Lines file) into another fresh database: the server's way (a transaction per
 * batch of 5,000) and, on PGlite, the import CLI's bulk load (`exclusive`: its indexes dropped and
 * built again). The load phases only, both ways (comps and results are computed afterwards by the
 * same recomputation). BENCH_RUNS runs (default 1): min / median rows/s, and the sync against the
 * file import. BENCH_DBS=pglite or postgres runs one database. Never fails on speed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createClusterLocks } from '../../src/server/db/cluster-lock';
import type { Database } from '../../src/server/db/database';
import { importFile } from '../../src/server/modules/feed-import';
import { ResoClient } from '../../src/server/modules/listing-feed';
import { fieldsToSelect, propertyFieldsOf } from '../../src/server/modules/listing-feed/odata';
import { createListingFeedRepository } from '../../src/server/modules/listing-feed/repository';
import { replicate } from '../../src/server/modules/listing-feed/sync';
import { median } from '../../src/shared/stats';
import { resoRecords } from '../reso-server';
import { BENCH_DATABASES, freshDatabase, printTable, type Bench, type BenchDatabase } from './bench-utils';
import { positiveInt } from '../support/env';
import { formatCount, minMedian } from '../support/figures';

const ROWS = positiveInt('BENCH_RESO_ROWS', 100_000);
const PAGE = positiveInt('BENCH_RESO_PAGE', 1000);
const RUNS = positiveInt('BENCH_RUNS', 1);
const CLIENT = { clientId: 'bench', clientSecret: 'bench-secret' };

interface ServedFeed {
  url: string;
  tokenUrl: string;
  close(): void;
}

/** The RESO test server in a child process (reso-server-process.ts), serving the bench's rows. */
function serveFeed(): Promise<ServedFeed> {
  const child = fork(path.join(__dirname, 'reso-server-process.ts'), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, BENCH_RESO_ROWS: String(ROWS), BENCH_RESO_PAGE: String(PAGE) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the RESO test server exited (${code})`)));
    child.once('message', (message) => {
      const { url, tokenUrl } = message as { url: string; tokenUrl: string };
      resolve({ url, tokenUrl, close: () => child.disconnect() });
    });
  });
}

async function tableCounts(database: Database) {
  const r = await sql<{ listings: number; sold: number; leases: number }>`
    select (select count(*)::int from properties) as listings, (select count(*)::int from sold_comps) as sold,
      (select count(*)::int from leases) as leases`.execute(database.db);
  return r.rows[0];
}

/** The replication of the whole feed into a fresh database: rows/s of its pages (fetched, mapped, written). */
async function syncOnce(database: BenchDatabase, server: ServedFeed): Promise<{ rowsPerSecond: number; counts: object }> {
  const fresh = await freshDatabase(database);
  try {
    const db = fresh.database.db;
    const client = new ResoClient({ apiUrl: server.url, tokenUrl: server.tokenUrl, ...CLIENT });
    const select = fieldsToSelect(propertyFieldsOf(await client.getText('$metadata')));
    const repository = createListingFeedRepository(db);
    await repository.prepare(server.url, null);
    const runId = await repository.startRun('full', 'schedule');
    // Under the lock the server takes (on PGlite it just runs).
    const locks = createClusterLocks(fresh.database);
    const start = performance.now();
    await locks.tryRun('listing-feed', () =>
      replicate(
        {
          db,
          client,
          select,
          pageSize: PAGE,
          pause: () => new Promise((resolve) => setImmediate(resolve)),
          shouldStop: () => false,
        },
        runId,
        null,
      ),
    );
    const seconds = (performance.now() - start) / 1000;
    const run = (await repository.lastRuns(1))[0];
    if (run.rows !== ROWS || run.rejected) throw new Error(`the sync read ${run.rows} rows of ${ROWS}, ${run.rejected} rejected`);
    return { rowsPerSecond: ROWS / seconds, counts: await tableCounts(fresh.database) };
  } finally {
    await fresh.close();
  }
}

/** The file import of the same rows: rows/s of its load. */
async function importOnce(
  database: BenchDatabase,
  file: string,
  exclusive: boolean,
): Promise<{ rowsPerSecond: number; counts: object }> {
  const fresh = await freshDatabase(database);
  try {
    const start = performance.now();
    const summary = await importFile(fresh.database.db, file, { recompute: false, exclusive });
    const seconds = (performance.now() - start) / 1000;
    if (summary.rejected) throw new Error(`${summary.rejected} rows rejected: see ${summary.rejectedFile}`);
    return { rowsPerSecond: summary.rows / seconds, counts: await tableCounts(fresh.database) };
  } finally {
    await fresh.close();
  }
}

export const bench: Bench = {
  name: 'RESO replication beside the file import',
  async run() {
    const records = resoRecords(ROWS, 7);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-reso-bench-'));
    const file = path.join(dir, 'feed.jsonl');
    fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const server = await serveFeed();
    console.log(
      `Feed: ${formatCount(ROWS)} rows (seed 7), pages of ${formatCount(PAGE)}; file ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB of JSON Lines`,
    );
    try {
      const table: Array<Record<string, string>> = [];
      for (const database of BENCH_DATABASES) {
        const sync: number[] = [];
        const batches: number[] = [];
        const bulk: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const s = await syncOnce(database, server);
          const f = await importOnce(database, file, false);
          if (JSON.stringify(s.counts) !== JSON.stringify(f.counts))
            throw new Error(`the sync wrote ${JSON.stringify(s.counts)}, the file import ${JSON.stringify(f.counts)}`);
          sync.push(s.rowsPerSecond);
          batches.push(f.rowsPerSecond);
          let line = `[${database.name}] run ${run + 1}: sync ${formatCount(s.rowsPerSecond)} rows/s, file import ${formatCount(f.rowsPerSecond)} rows/s`;
          if (database.name === 'pglite') {
            const b = await importOnce(database, file, true);
            bulk.push(b.rowsPerSecond);
            line += `, file import as the CLI (bulk load) ${formatCount(b.rowsPerSecond)} rows/s`;
          }
          console.log(`${line} ${JSON.stringify(s.counts)}`);
        }
        table.push({
          database: database.name,
          rows: formatCount(ROWS),
          runs: String(RUNS),
          'sync rows/s min / median': minMedian(sync),
          'file import rows/s min / median': minMedian(batches),
          'sync ÷ file import (medians)': `${((median(sync) / median(batches)) * 100).toFixed(0)} %`,
          'CLI bulk load rows/s min / median': bulk.length ? minMedian(bulk) : '(PGlite only)',
          'sync ÷ CLI bulk load (medians)': bulk.length ? `${((median(sync) / median(bulk)) * 100).toFixed(0)} %` : '',
        });
      }
      printTable('RESO replication (listing feed) and the file import of the same rows: the load, without comps/results', table);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
