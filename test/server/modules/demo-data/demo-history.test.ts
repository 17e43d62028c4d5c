import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import { csvField } from '../../../../src/server/lib/csv';
import { addDays, demoItem } from '../../../../src/server/modules/demo-data/generator';
import { createListingsRepository, recomputeDirty, upsertLeases } from '../../../../src/server/modules/listings';
import { daysBetween } from '../../../../src/shared/stats';
import { loadDemoData } from '../../../../src/server/modules/demo-data/load';
import { RESO_COLUMNS, demoResoRows } from '../../../../src/server/modules/demo-data/reso';
import { importFile } from '../../../../src/server/modules/feed-import/importer';

// Each test reads or loads the demo's thousands of rows: 5 s is too short on a slow 2-core machine.
jest.setTimeout(30_000);

/** The demo load's days on market and price history (docs/listings.md, "Days on market and price cuts"). */

const LISTINGS = 300;
const SEED = 4;

interface Stored {
  listing_key: string;
  on_market_date: string;
  days: number;
  original_list_price: number;
  price_changed_at: string | null;
  history: string;
  updated_at: Date;
}

describe.each(DATABASES)('demo price history on $name', (database) => {
  let t: TestApp;
  let today: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    today = (await sql<{ d: string }>`select current_date::text as d`.execute(t.db)).rows[0].d;
    await loadDemoData(t.db, { listings: LISTINGS, seed: SEED });
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const stored = async () =>
    (
      await sql<Stored>`
        select p.listing_key, p.on_market_date::text as on_market_date, current_date - p.on_market_date as days,
          p.original_list_price, p.price_changed_at::text as price_changed_at, p.updated_at,
          (select coalesce(json_agg(json_build_array(h.old_price, h.new_price, h.changed_at) order by h.changed_at), '[]')
            from price_history h where h.property_id = p.id)::text as history
        from properties p order by p.listing_key`.execute(t.db)
    ).rows;
  const historyRows = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from price_history`.execute(t.db)).rows[0].n;

  /** The stored listings are the generator's as of `asOf`: dates, original prices and every cut. */
  const expectAsGenerated = async (asOf: string) => {
    const rows = await stored();
    expect(rows).toHaveLength(LISTINGS);
    let cuts = 0;
    for (const row of rows) {
      const { listing, priceHistory } = demoItem(SEED, Number(row.listing_key.split('-L')[1]), asOf);
      expect(row.on_market_date).toBe(listing.on_market_date);
      expect(row.days).toBe(daysBetween(listing.on_market_date!, today));
      expect(row.original_list_price).toBe(listing.original_list_price);
      expect(row.price_changed_at === null ? null : new Date(row.price_changed_at).toISOString()).toBe(listing.price_changed_at);
      const history = (JSON.parse(row.history) as Array<[number, number, string]>).map(([from, to, at]) => [
        from,
        to,
        new Date(at).toISOString(),
      ]);
      expect(history).toEqual(priceHistory.map((c) => [c.old_price, c.new_price, c.changed_at]));
      cuts += priceHistory.length;
    }
    expect(cuts).toBeGreaterThan(LISTINGS * 0.3);
    expect(await historyRows()).toBe(cuts);
  };

  it('loads each listing with its on-market date, original price and every cut, as the generator made them', async () => {
    await expectAsGenerated(today);
  });

  it('changes nothing when loaded again, on the same day or a later one', async () => {
    const before = await stored();
    const rows = await historyRows();
    await loadDemoData(t.db, { listings: LISTINGS, seed: SEED });
    expect(await stored()).toEqual(before);
    // As if the first load had run three days ago: a load resumed today keeps its days.
    await sql`update properties set on_market_date = on_market_date - 3, price_changed_at = price_changed_at - interval '3 days'`.execute(
      t.db,
    );
    await sql`update price_history set changed_at = changed_at - interval '3 days'`.execute(t.db);
    // Its sales and leases were made as of that day too (they end at the listings' day and follow the
    // metros' trends to it): written so, and the listings recomputed with them, as that load did.
    const threeDaysAgo = addDays(today, -3);
    const items = Array.from({ length: LISTINGS }, (_, i) => demoItem(SEED, i, threeDaysAgo));
    await createListingsRepository(t.db).upsertSold(items.flatMap((item) => item.sold));
    await upsertLeases(
      t.db,
      items.flatMap((item) => item.leases),
    );
    await recomputeDirty(t.db);
    const earlier = await stored();
    await loadDemoData(t.db, { listings: LISTINGS, seed: SEED });
    expect(await stored()).toEqual(earlier);
    expect(await historyRows()).toBe(rows);
  });

  it('writes the history fields into its RESO file, which an import reads back unchanged', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-demo-reso-'));
    try {
      // The stored rows are now as of three days ago (the test before): the file is made as of then.
      const asOf = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
      const file = path.join(dir, 'demo.csv');
      const lines = [RESO_COLUMNS.join(',')];
      for (let i = 0; i < 50; i++)
        for (const record of demoResoRows(demoItem(SEED, i, asOf)))
          lines.push(RESO_COLUMNS.map((c) => csvField(record[c] ?? '')).join(','));
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      expect(lines[0]).toContain('OnMarketDate,OriginalListPrice,PriceChangeTimestamp');
      const summary = await importFile(t.db, file);
      expect(summary.rejected).toBe(0);
      expect(summary.listings).toEqual({ inserted: 0, updated: 0, unchanged: 50 });
      // The leases the load wrote are the file's, read back unchanged.
      expect(summary.leases).toMatchObject({ inserted: 0, updated: 0 });
      expect(summary.leases.unchanged).toBeGreaterThan(30);
      expect(summary.priceChanges).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives listings loaded before they had dates and cuts their dates and cuts, without recomputing them', async () => {
    await sql`update properties set on_market_date = null, original_list_price = null, price_changed_at = null`.execute(t.db);
    await sql`delete from price_history`.execute(t.db);
    await loadDemoData(t.db, { listings: LISTINGS, seed: SEED });
    await expectAsGenerated(today);
    const computed = await sql<{ n: number }>`select count(*)::int as n from properties where needs_recompute`.execute(t.db);
    expect(computed.rows[0].n).toBe(0);
  });
});
