import { DATABASES, SETUP_TIMEOUT, createTestApp, type TestApp } from '../../helpers';
import { sql } from 'kysely';
import { assumptionsFor, strategyResults, type EngineInputs } from '../../../../src/server/modules/listings/analysis';
import { createListingsRepository, recomputeForRate } from '../../../../src/server/modules/listings';
import { marketKey } from '../../../../src/shared/valuation/market-model';
import { mulberry32 } from '../../../../src/server/modules/demo-data/random';
import type { AssumptionOverrides } from '../../../../src/shared/invest';

// Each test re-prices every listing of the fixture: 5 s is too short on a slow 2-core machine.
jest.setTimeout(30_000);

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
        monthlyRent: i % 37 === 0 ? 0 : Math.round(price * (i === 1 ? 0.03 : 0.003 + rng() * 0.009)),
        rehabEstimate: i % 11 === 0 || i === 1 ? 0 : Math.round(rng() * 80_000),
        // Listing 1: the BRRRR refinance takes out more than went in (an infinite cash-on-cash).
        arvEstimate: Math.round(price * (i === 1 ? 2.5 : 0.85 + rng() * 0.4)),
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
        cocs: Array<number | null>;
        updated_at: Date;
      }>`select id, results_rate, buy_hold, brrrr, fix_flip, short_term, updated_at,
           array[buy_hold_coc, brrrr_coc, fix_flip_coc, short_term_coc] as cocs from properties order by id`.execute(t.db)
    ).rows;

  /** Every listing holds what the one-property path computes at `rate`, and each strategy's cash-on-cash column agrees. */
  async function expectStoredAt(rate: number) {
    const rows = await stored();
    expect(rows).toHaveLength(LISTINGS);
    let infinite = 0;
    for (const row of rows) {
      const { inputs, market } = inputsById.get(row.id)!;
      const computed = strategyResults(inputs, assumptionsFor(rate, market));
      // As JSON stores it (a -0 is stored as 0, as before).
      const expected = JSON.parse(JSON.stringify(computed)) as unknown;
      expect(row.results_rate).toBe(rate);
      expect({
        BuyHoldResults: row.buy_hold,
        BRRRRResults: row.brrrr,
        FixFlipResults: row.fix_flip,
        ShortTermResults: row.short_term,
      }).toEqual(expected);
      const cocs = [computed.BuyHoldResults, computed.BRRRRResults, computed.FixFlipResults, computed.ShortTermResults].map(
        (r) => (r.cashOnCashInfinite ? Infinity : r.cashOnCashRoi),
      );
      infinite += cocs.filter((c) => c === Infinity).length;
      // (-0 is stored as 0, as in the JSON)
      expect(row.cocs.map((c) => Number(c) + 0)).toEqual(cocs.map((c) => (c === null ? 0 : c + 0)));
      expect(row.cocs.map((c) => c === null)).toEqual(cocs.map((c) => c === null));
    }
    return { infinite };
  }

  it('stores for every listing exactly what the one-property path computes, across batches and markets', async () => {
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 7.13, '2030-01-02', 'test')`.execute(
      t.db,
    );
    const progress: number[] = [];
    const n = await recomputeForRate(t.db, { batchSize: 64, onProgress: (p) => progress.push(p.done) });
    expect(n).toBe(LISTINGS);
    // Batches of about 64 listings (whole heap pages at a time), each reported as it is written.
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(LISTINGS);
    expect(progress.length).toBeGreaterThan(4);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);

    const { infinite } = await expectStoredAt(7.13);
    expect(infinite).toBeGreaterThan(0); // listing 1: stored as Infinity
    // The stored text is the very JSON text of the one-property path (not only equal once parsed).
    const sample = (await stored()).slice(0, 40).map((r) => {
      const { inputs, market } = inputsById.get(r.id)!;
      const e = strategyResults(inputs, assumptionsFor(7.13, market));
      return { id: r.id, b: e.BuyHoldResults, r: e.BRRRRResults, f: e.FixFlipResults, s: e.ShortTermResults };
    });
    const mismatches = await sql<{ n: number }>`
      select count(*)::int as n from properties p
      join json_to_recordset(${JSON.stringify(sample)}::json) as v(id uuid, b json, r json, f json, s json) on v.id = p.id
      where (p.buy_hold::text, p.brrrr::text, p.fix_flip::text, p.short_term::text)
        is distinct from (v.b::text, v.r::text, v.f::text, v.s::text)`.execute(t.db);
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
    expect(after.filter((r) => r.updated_at.getTime() !== before.get(r.id)).length).toBe(LISTINGS);
    // A new rate keeps the stored Fix'N'Flip results (they do not depend on it) and rewrites the rest.
    await expectStoredAt(5.5);
  });

  it("recomputes Fix'N'Flip too when a market's assumptions changed, and keeps it at a new rate only", async () => {
    await sql`update markets set assumptions = ${JSON.stringify({ flip: { holdMonths: 9 } })}::jsonb where city = 'Denver'`.execute(
      t.db,
    );
    for (const [id, v] of inputsById) {
      if (v.market === MARKETS[1].assumptions) inputsById.set(id, { ...v, market: { flip: { holdMonths: 9 } } });
    }
    expect(await createListingsRepository(t.db).markMarketStale('Denver', 'CO')).toBeGreaterThan(0);
    expect(await recomputeForRate(t.db, { batchSize: 1 })).toBeGreaterThan(0);
    await expectStoredAt(5.5);
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 6.1, '2030-01-16', 'test')`.execute(t.db);
    expect(await recomputeForRate(t.db, { batchSize: 1 })).toBe(LISTINGS);
    await expectStoredAt(6.1);
    // A batch of one listing (its Fix'N'Flip kept) keeps it too.
    await sql`update properties set results_rate = 6 where id = (select id from properties order by id limit 1)`.execute(t.db);
    expect(await recomputeForRate(t.db)).toBe(1);
    await expectStoredAt(6.1);
    // One without Fix'N'Flip results (at an older rate) gets them.
    await sql`update properties set results_rate = 6, fix_flip = null where id = (select id from properties order by id desc limit 1)`.execute(
      t.db,
    );
    expect(await recomputeForRate(t.db)).toBe(1);
    await expectStoredAt(6.1);
  });

  it('stops at an update that fails, with its error, and the next run re-prices the rest', async () => {
    // The 21st listing of the heap refuses to be written: the walk stops there (the next batch may
    // already be read, none is written after), and no listing is left half-written.
    const refused = (await sql<{ id: string }>`select id from properties order by ctid limit 1 offset 20`.execute(t.db)).rows[0]
      .id;
    await sql`create function refuse_reprice() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_reprice before update on properties for each row
      when (new.id = ${sql.lit(refused)}::uuid) execute function refuse_reprice()`.execute(t.db);
    await sql`insert into rates (product, rate, as_of, source) values ('30-Year Fixed', 6.6, '2030-01-23', 'test')`.execute(t.db);
    await expect(recomputeForRate(t.db, { batchSize: 8 })).rejects.toThrow('refused by the test');
    const written = (await sql<{ n: number }>`select count(*)::int as n from properties where results_rate = 6.6`.execute(t.db))
      .rows[0].n;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(20);

    await sql`drop trigger refuse_reprice on properties`.execute(t.db);
    await sql`drop function refuse_reprice()`.execute(t.db);
    expect(await recomputeForRate(t.db, { batchSize: 8 })).toBe(LISTINGS - written);
    await expectStoredAt(6.6);
  });
});
