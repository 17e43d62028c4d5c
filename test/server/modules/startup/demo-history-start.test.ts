import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import { DEMO_HISTORY_TASK, DEMO_LOAD_TASK, StartupWork } from '../../../../src/server/modules/startup/startup-work';

/**
 * The demo market's past listings are written after the server is ready (docs/listings.md, "The market
 * before the load"): a task of their own, recorded before the demo load is marked finished, so a start
 * that finds it unfinished writes the rest.
 */
const LISTINGS = 200;

describe('the demo market history at the first start (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(DATABASES[0]);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const state = async () =>
    (
      await sql<{ past: number; listings: number; load: boolean | null; history: boolean | null }>`
        select (select count(*)::int from past_listings) as past, (select count(*)::int from properties) as listings,
          (select finished_at is not null from startup_tasks where name = ${DEMO_LOAD_TASK}) as load,
          (select finished_at is not null from startup_tasks where name = ${DEMO_HISTORY_TASK}) as history`.execute(t.db)
    ).rows[0];

  it('writes them after the listings are ready, and finishes them at the next start after a crash', async () => {
    const work = new StartupWork(t.db, { demoListings: LISTINGS, batchSize: 50 });
    let readyBeforeHistory = false;
    const watching = setInterval(() => {
      if (work.current().state === 'ready' && !work.settled()) readyBeforeHistory = true;
    }, 1);
    await work.run();
    clearInterval(watching);
    expect(work.settled()).toBe(true);
    const first = await state();
    expect(first).toEqual({ past: expect.any(Number), listings: LISTINGS, load: true, history: true });
    expect(first.past).toBeGreaterThan(LISTINGS * 9);
    expect(readyBeforeHistory).toBe(true);

    // A crash while writing them: the task unfinished, half of them missing.
    await sql`update startup_tasks set finished_at = null where name = ${DEMO_HISTORY_TASK}`.execute(t.db);
    await sql`delete from past_listings where listing_key in (
      select listing_key from past_listings order by listing_key desc limit ${Math.floor(first.past / 2)})`.execute(t.db);
    const again = new StartupWork(t.db, { demoListings: LISTINGS, batchSize: 50 });
    expect(await again.plan()).toEqual({ kind: 'none' });
    await again.run();
    expect(await state()).toEqual(first);
  });
});
