import { sql } from 'kysely';
import { createListingsRepository } from '../../../../src/server/modules/listings';
import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';

/**
 * The returns heat map's copy of the listings (property_returns, migrations 0031 and 0033): a new
 * rate rewrites every listing's cash-on-cash figures, and the copy must take that in place (a HOT
 * update: no new index entry), and stay in map order for the heat map's reads after its index.
 */
const LISTINGS = 400;

describe.each(DATABASES)('the returns copy on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
    // Inserted out of map order: listing g's longitude is a permutation of g (97 is prime to 400).
    await sql`
      insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip, buy_hold_coc, brrrr_coc)
      select 'COPY-' || g, 200000 + g, 30 + (g % 7) * 0.01, -98 + ((g * 97) % ${LISTINGS}) * 0.001, g || ' COPY ST', 'Austin', 'TX', '78701',
        g % 11, g % 13
      from generate_series(0, ${LISTINGS - 1}) g`.execute(t.db);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  /** The page each of the copy's rows is on, the rows in map order (their index's order). */
  const pagesInMapOrder = async () =>
    (
      await sql<{ page: number }>`
        select (ctid::text::point)[0]::int as page from property_returns order by longitude, latitude`.execute(t.db)
    ).rows.map((r) => r.page);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  it('is sorted into map order by the vacuum after a bulk write, once new rows have spoiled it', async () => {
    const before = await pagesInMapOrder();
    expect(before).not.toEqual(sorted(before));
    await createListingsRepository(t.db).vacuumListings();
    const after = await pagesInMapOrder();
    expect(after).toHaveLength(LISTINGS);
    expect(after).toEqual(sorted(after));
    // Several pages, or the order would say nothing.
    expect(after[after.length - 1]).toBeGreaterThan(2);
  });

  it('takes a re-price of every listing in place: each row updated on its page, no index entry added', async () => {
    const counts = await t.db.transaction().execute(async (trx) => {
      // What a new rate does to the listings: every figure changes, nothing else.
      await sql`update properties set buy_hold_coc = buy_hold_coc + 1, brrrr_coc = brrrr_coc - 1`.execute(trx);
      // This transaction's own counts, before they are reported to the statistics.
      const r = await sql<{ updated: number; hot: number }>`
        select pg_stat_get_xact_tuples_updated('property_returns'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('property_returns'::regclass)::int as hot`.execute(trx);
      return r.rows[0];
    });
    expect(counts).toEqual({ updated: LISTINGS, hot: LISTINGS });
    const copy = await sql<{ n: number }>`
      select count(*)::int as n from property_returns r join properties p using (id)
      where r.buy_hold_coc = p.buy_hold_coc and r.brrrr_coc = p.brrrr_coc`.execute(t.db);
    expect(copy.rows[0].n).toBe(LISTINGS);
    // Still in map order: the new versions stayed on their pages.
    const pages = await pagesInMapOrder();
    expect(pages).toEqual(sorted(pages));
  });
});
