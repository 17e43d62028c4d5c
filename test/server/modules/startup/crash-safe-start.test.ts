/**
 * A crash during the first start's long work (issue 14, defect 3): the real server is started on a
 * fresh data directory, killed with SIGKILL in the middle of the demo load or of "Computing comps and
 * results", and started again: the second start finds the unfinished work and finishes it, so every
 * listing has its comps, deal status and results.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../../../src/server/db/database';
import { startServerProcess, until } from '../../cluster-processes';

const LISTINGS = 1500;
jest.setTimeout(240_000);

/** The real server on PGlite in `dataDir`, loading LISTINGS demo listings at its first start. */
const startServer = (dataDir: string) =>
  startServerProcess(
    'crash',
    {
      DATABASE_URL: undefined,
      DEMO_LISTINGS: String(LISTINGS),
      ADMIN_EMAIL: 'admin@crash.test',
      ADMIN_PASSWORD: 'crash-password-1',
      LOG_LEVEL: 'error',
    },
    { dataDir },
  );

/** Counts in the data directory, with no server running. */
async function counts(dataDir: string) {
  const database = await createDatabase({ dataDir });
  try {
    const r = await sql<{ listings: number; without: number; places: number; finished: boolean | null }>`
      select (select count(*)::int from properties) as listings,
             (select count(*)::int from properties where needs_recompute or buy_hold is null or deal_status is null) as without,
             (select count(*)::int from places) as places,
             (select finished_at is not null from startup_tasks where name = 'demo-load') as finished`.execute(database.db);
    return r.rows[0];
  } finally {
    await database.close();
  }
}

describe('a crash during the first start', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-crash-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each([
    ['Computing comps and results', 'computing'],
    ['Loading demo listings', 'loading'],
  ])('SIGKILL while "%s": the next start finishes the work', async (step, name) => {
    const dataDir = path.join(root, name);
    const first = await startServer(dataDir);
    try {
      // The server answers at once, before the demo data is in.
      await until(async () => {
        const h = await first.health();
        return (
          h && h.state === 'seeding' && h.progress?.step === step && h.progress.done > 0 && h.progress.done < h.progress.total
        );
      }, `"${step}" under way`);
    } finally {
      await first.kill('SIGKILL');
    }
    const crashed = await counts(dataDir);
    expect(crashed.finished).toBe(false);
    expect(crashed.listings < LISTINGS || crashed.without > 0).toBe(true);

    const second = await startServer(dataDir);
    try {
      await until(async () => (await second.health())?.state === 'ready', 'the second start to be ready');
    } finally {
      await second.kill('SIGTERM');
    }
    expect(await counts(dataDir)).toEqual({ listings: LISTINGS, without: 0, places: expect.any(Number), finished: true });
    expect((await counts(dataDir)).places).toBeGreaterThan(0);
  });
});
