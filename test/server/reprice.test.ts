import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from './helpers';
import { sql } from 'kysely';
import { assumptionsFor, strategyResults, type EngineInputs } from '../../src/server/modules/listings/analysis';
import { recomputeForRate } from '../../src/server/modules/listings';
import { marketKey } from '../../src/server/modules/listings/repository';
import { mulberry32 } from '../../src/server/modules/demo-data/demo-data';
import type { AssumptionOverrides } from '../../src/shared/invest';

/**
 * The bulk re-pricing (recomputeForRate: built inputs reused, one JSON value each way, batches) stores
 * exactly what the one-property path gives (strategyResults: fresh input builders, as the property
 * page computes), for every listing of a varied sample across batches and markets.
 */
const MARKETS: Array<{ city: string; state: string; assumptions: AssumptionOverrides }> = [
  {
    city: 'Austin',
    state: 'TX',
    assumptions: { operating: { vacancyPercent: 6, managementPercent: 7.5 }, shortTerm: { peakOccupancyPercent: 72 } },
  },
  {
    city: 'Denver',
    state: 'CO',
    assumptions: { financing: { downPaymentPercent: 20, closingCostsPercent: 2.5 }, flip: { holdMonths: 4 } },
  },
];
const overridesOf = new Map(MARKETS.map((m) => [marketKey(m.city, m.state), m.assumptions]));
const PLACES = [
  ['Austin', 'TX'],
  ['austin ', 'tx'], // the same market spelled another way
  ['Denver', 'CO'],
  ['Dallas', 'TX'],
  ['Memphis', 'TN'],
] as const;
const LISTINGS = 301;

describe.each(DATABASES)('re-pricing for a new rate on $name', (database) => {
  let t: TestApp;
  const inputsById = new Map<string, { inputs: EngineInputs; market?: AssumptionOverrides }>();

  beforeAll(async () => {
    t = await createTestApp(database);
    for (const { city, state, assumptions } of MARKETS) {
      await sql`insert into markets (city, state, assumptions) values (${city}, ${state}, ${JSON.stringify(assumptions)}::jsonb)`.execute(
        t.db,
      );
    }
    const rng = mulberry32(42);
    for (let i = 0; i < LISTINGS; i++) {
      const price = Math.round(40_000 + rng() * 900_000);
      // Odd figures too: no rent (an infinite or negative return), ARV below the price, no area.
      const inputs: EngineInputs = {
        purchasePrice: price,
        monthlyRent: i % 37 === 0 ? 0 : Math.round(price * (0.003 + rng() * 0.009)),
        rehabEstimate: i % 11 === 0 ? 0 : Math.round(rng() * 80_000),
        arvEstimate: Math.round(price * (0.85 + rng() * 0.4)),
        nightlyRate: Math.round(60 + rng() * 400),
        squareFeet: i % 13 === 0 ? 0 : Math.round(700 + rng() * 3000),
      };
      const [city, state] = PLACES[i % PLACES.length];
      const row = await sql<{ id: string }>`
        insert into properties (listing_key, list_price, city, state, latitude, longitude, inputs, needs_recompute)
        values (${`R${i}`}, ${price}, ${city}, ${state}, 30, -97, ${JSON.stringify(inputs)}::jsonb, false) returning id`.execute(
        t.db,
      );
      inputsById.set(row.rows[0].id, { inputs, market: overridesOf.get(marketKey(city, state)) });
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const stored = async () =>
    (
      await sql<{
        id: string;
        results_rate: number | null;
        buy_hold: unknown;
        brrrr: unknown;
        fix_flip: unknown;
        short_term: unknown;
        updated_at: Date;
      }>`select id, results_rate, buy_hold, brrrr, fix_flip, short_term, updated_at from properties order by id`.execute(t.db)
    ).rows;

  it('stores for every listing exactly what the one-property path computes, across batches and markets', async () => {
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 7.13, '2030-01-02', 'test')`.execute(
      t.db,
    );
    const progress: number[] = [];
    const n = await recomputeForRate(t.db, { batchSize: 64, onProgress: (p) => progress.push(p.done) });
    expect(n).toBe(LISTINGS);
    expect(progress).toEqual([0, 64, 128, 192, 256, LISTINGS]);

    const rows = await stored();
    expect(rows).toHaveLength(LISTINGS);
    for (const row of rows) {
      const { inputs, market } = inputsById.get(row.id)!;
      // As JSON stores it (a -0 is stored as 0, as before).
      const expected = JSON.parse(JSON.stringify(strategyResults(inputs, assumptionsFor(7.13, market)))) as unknown;
      expect(row.results_rate).toBe(7.13);
      expect({
        BuyHoldResults: row.buy_hold,
        BRRRRResults: row.brrrr,
        FixFlipResults: row.fix_flip,
        ShortTermResults: row.short_term,
      }).toEqual(expected);
    }
    // The stored jsonb is the same value the JSON text of the one-property path makes (not only equal once parsed).
    const sample = rows.slice(0, 40).map((r) => {
      const { inputs, market } = inputsById.get(r.id)!;
      const e = strategyResults(inputs, assumptionsFor(7.13, market));
      return { id: r.id, b: e.BuyHoldResults, r: e.BRRRRResults, f: e.FixFlipResults, s: e.ShortTermResults };
    });
    const mismatches = await sql<{ n: number }>`
      select count(*)::int as n from properties p
      join json_to_recordset(${JSON.stringify(sample)}::json) as v(id uuid, b jsonb, r jsonb, f jsonb, s jsonb) on v.id = p.id
      where (p.buy_hold, p.brrrr, p.fix_flip, p.short_term) is distinct from (v.b, v.r, v.f, v.s)`.execute(t.db);
    expect(mismatches.rows[0].n).toBe(0);
  });

  it('moves updated_at only for listings whose results changed, and re-prices nothing twice', async () => {
    const before = new Map((await stored()).map((r) => [r.id, r.updated_at.getTime()]));
    // The same rate again (results_rate cleared): every listing is rewritten with the same results.
    await sql`update properties set results_rate = null`.execute(t.db);
    expect(await recomputeForRate(t.db, { batchSize: 100 })).toBe(LISTINGS);
    for (const r of await stored()) expect(r.updated_at.getTime()).toBe(before.get(r.id));
    expect(await recomputeForRate(t.db)).toBe(0);

    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 5.5, '2030-01-09', 'test')`.execute(t.db);
    expect(await recomputeForRate(t.db, { batchSize: 1000 })).toBe(LISTINGS);
    const after = await stored();
    expect(after.every((r) => r.results_rate === 5.5)).toBe(true);
    expect(after.filter((r) => r.updated_at.getTime() !== before.get(r.id)).length).toBe(LISTINGS);
  });
});
