import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import { demoCities } from '../../../../src/server/modules/demo-data/cities';
import { fairMarketRent } from '../../../../src/server/modules/demo-data/fair-market-rents';
import { DEMO_AS_OF, SALE_DAYS_BACK, addDays, demoItem } from '../../../../src/server/modules/demo-data/generator';
import { loadDemoData } from '../../../../src/server/modules/demo-data/load';
import { OUTCOME_METROS } from '../../../../src/server/modules/demo-data/metro-outcomes';
import { metroTrend } from '../../../../src/server/modules/demo-data/metro-trends';
import {
  createListingsRepository,
  upsertLeases,
  type LeaseRecord,
  type SoldRecord,
} from '../../../../src/server/modules/listings';
import { median } from '../../../../src/shared/stats';

// Each test reads or loads the demo's thousands of rows: 5 s is too short on a slow 2-core machine.
jest.setTimeout(30_000);

/**
 * The demo's sales and leases follow their metro's published trend (docs/listings.md, "Demo trends"):
 * they span 36 months that end at the listings' day, and in each of the six outcome metros the median
 * of the last 12 months against the 12 before moves by the metro's calibrated annual change.
 *
 * The medians are of what the generator's calibration leaves to the trend and the noise: a sale's
 * $/sq ft over its ZIP's calibrated $/sq ft (the city's median × the ZIP's price factor, cities.ts),
 * so the ZIPs' mix in a year does not move it; a lease's rent over the city's Fair Market Rent for its
 * bedroom count, so the bedrooms' mix does not. Their noise (σ ≈ 0.12 and ≈ 0.16) gives a standard
 * error of the change of about 0.8 point for a metro's sales and 1.5 for its leases (in the smallest
 * of the six metros, from 40,000 listings' sales and leases: about 1,600 and 510 sales in the two
 * years, 700 and 250 leases; 60 % of them close in the last 12 months, generator.ts RECENT_SHARE);
 * the tolerances are about three of them: ±2.5 points for the prices, ±4 for the rents (measured
 * with seed 1: within 1.4 and 1.9). The plain medians (whole $/sq ft and rent, which the ZIPs' and
 * bedrooms' mix moves by several points a year even at this size) are printed beside them.
 */

const AS_OF = DEMO_AS_OF;
const SEED = 1;
/** Listings loaded through the demo load (listings, sales, leases, results). */
const LOADED = 300;
/** Listings whose sales and leases are written (the trend's sample). */
const LISTINGS = 40_000;
const CHUNK = 4000;
const PRICE_TOLERANCE = 2.5;
const RENT_TOLERANCE = 4;

interface Row {
  city: string;
  state: string;
  zip: string;
  amount: number;
  area: number;
  beds: number;
  close_date: string;
}

const zipPsf = new Map(demoCities().flatMap((c) => c.zips.map((z) => [z.zip, c.pricePerSqft * z.priceFactor] as const)));

/** Percent change of the median of `value` over the last 12 months against the 12 before. */
function change(rows: readonly Row[], value: (r: Row) => number): { percent: number; counts: [number, number] } {
  const yearAgo = addDays(AS_OF, -365);
  const last = rows.filter((r) => r.close_date > yearAgo).map(value);
  const before = rows.filter((r) => r.close_date <= yearAgo).map(value);
  return { percent: (median(last) / median(before) - 1) * 100, counts: [last.length, before.length] };
}

describe('demo trends (PGlite)', () => {
  let t: TestApp;
  let sales: Row[];
  let leases: Row[];
  beforeAll(async () => {
    t = await createTestApp(DATABASES[0]);
    await loadDemoData(t.db, { listings: LOADED, seed: SEED, asOf: AS_OF });
    const repository = createListingsRepository(t.db);
    for (let from = LOADED; from < LISTINGS; from += CHUNK) {
      const sold: SoldRecord[] = [];
      const rentals: LeaseRecord[] = [];
      for (let i = from; i < Math.min(LISTINGS, from + CHUNK); i++) {
        const item = demoItem(SEED, i, AS_OF);
        sold.push(...item.sold);
        rentals.push(...item.leases);
      }
      await repository.upsertSold(sold);
      await upsertLeases(t.db, rentals);
    }
    const since = addDays(AS_OF, -730);
    sales = (
      await sql<Row>`
        select city, state, zip, close_price::float8 as amount, area::float8 as area, beds, close_date::text as close_date
        from sold_comps where close_date > ${since}::date`.execute(t.db)
    ).rows;
    leases = (
      await sql<Row>`
        select city, state, zip, rent::float8 as amount, area::float8 as area, beds, close_date::text as close_date
        from leases where close_date > ${since}::date`.execute(t.db)
    ).rows;
  }, SETUP_TIMEOUT * 3);
  afterAll(async () => t?.close());

  it("ends the sales and leases at the listings' day and spans 36 months before it", async () => {
    for (const table of ['sold_comps', 'leases'] as const) {
      const { rows } = await sql<{ first: string; last: string; months: number }>`
        select min(close_date)::text as first, max(close_date)::text as last,
          count(distinct date_trunc('month', close_date))::int as months
        from ${sql.table(table)}`.execute(t.db);
      expect(rows[0]).toEqual({ first: addDays(AS_OF, -(SALE_DAYS_BACK - 1)), last: AS_OF, months: 37 });
    }
    // The loaded listings are on the market as of the same day, and their sales are the generator's as of it.
    const { rows } = await sql<{ on_market_date: string; listing_key: string }>`
      select listing_key, on_market_date::text as on_market_date from properties order by listing_key limit 5`.execute(t.db);
    for (const row of rows) {
      const item = demoItem(SEED, Number(row.listing_key.split('-L')[1]), AS_OF);
      expect(row.on_market_date).toBe(item.listing.on_market_date);
      const stored = await sql<{ close_price: number; list_price: number; close_date: string }>`
        select close_price::float8 as close_price, list_price::float8 as list_price, close_date::text as close_date
        from sold_comps where listing_key = ${item.sold[0].listing_key}`.execute(t.db);
      expect(stored.rows[0]).toEqual({
        close_price: item.sold[0].close_price,
        list_price: item.sold[0].list_price,
        close_date: item.sold[0].close_date,
      });
    }
  });

  it.each(OUTCOME_METROS.map((m) => [m.city, m.state]))(
    '%s: the median sold $/sq ft and the median rent move by the calibrated annual change',
    (city, state) => {
      const trend = metroTrend(city, state);
      const price = change(
        sales.filter((r) => r.city === city && r.state === state),
        (r) => r.amount / r.area / zipPsf.get(r.zip)!,
      );
      const rent = change(
        leases.filter((r) => r.city === city && r.state === state),
        (r) => r.amount / fairMarketRent(city, state, r.beds),
      );
      const plainPrice = change(
        sales.filter((r) => r.city === city && r.state === state),
        (r) => r.amount / r.area,
      );
      const plainRent = change(
        leases.filter((r) => r.city === city && r.state === state),
        (r) => r.amount,
      );
      console.log(
        `${city}: prices ${price.percent.toFixed(2)} % (calibrated ${trend.priceChanges[0]} %, ${price.counts.join(' / ')} sales; ` +
          `plain median $/sq ft ${plainPrice.percent.toFixed(2)} %), rents ${rent.percent.toFixed(2)} % (calibrated ` +
          `${trend.rentChanges[0]} %, ${rent.counts.join(' / ')} leases; plain median rent ${plainRent.percent.toFixed(2)} %)`,
      );
      expect(Math.min(...price.counts)).toBeGreaterThan(450);
      expect(Math.min(...rent.counts)).toBeGreaterThan(220);
      expect(Math.abs(price.percent - trend.priceChanges[0])).toBeLessThanOrEqual(PRICE_TOLERANCE);
      expect(Math.abs(rent.percent - trend.rentChanges[0])).toBeLessThanOrEqual(RENT_TOLERANCE);
    },
  );
});
