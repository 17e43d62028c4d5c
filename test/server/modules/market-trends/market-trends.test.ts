/**
 * Market trends (issue 39), on PGlite and PostgreSQL: the monthly aggregates rebuilt by the worker
 * after the listings change, checked against medians worked out by hand on a small fixture; the API's
 * series, comparison and visible area; its refusals.
 */
import { refreshPlaces } from '../../../../src/server/modules/places';
import { createListingsRepository, noteListingsChanged } from '../../../../src/server/modules/listings';
import { TREND_MESSAGES } from '../../../../src/server/modules/market-trends';
import { trendRowsQuery } from '../../../../src/server/modules/market-trends/trend-sql';
import { sql } from 'kysely';
import type { MarketTrendsAnswer, TrendMonth } from '../../../../src/shared/schemas/market-trends';
import { addMonths, monthOf } from '../../../../src/shared/trends';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';

const M0 = monthOf(new Date());
const M1 = addMonths(M0, -1);
const M2 = addMonths(M0, -2);
const M3 = addMonths(M0, -3);
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const at = (zip: string) => ({ city: 'Trendton', state: 'TX', zip, latitude: zip === '75001' ? 32.9 : 32.95, longitude: -96.8 });
let keys = 0;
const key = (prefix: string) => `${prefix}-${++keys}`;

async function insertFixture(t: TestApp): Promise<void> {
  const now = new Date();
  // The database has held listings since the first of M-3 (a feed that started then).
  const listing = (zip: string, price: number, listedOn: string, extra: Record<string, unknown> = {}) => ({
    listing_key: key('L'),
    list_price: price,
    original_list_price: price,
    area: 1000,
    on_market_date: listedOn,
    created_at: `${day(M3, 1)}T00:00:00Z`,
    updated_at: now,
    ...at(zip),
    ...extra,
  });
  // Six listed in 75001: three on the first of M-2, three on the 15th of M-1; one more listed in M-3 left mid M-1.
  // The 300,000 one asked 310,000 until a cut on the 5th of M-1.
  const cutOn = `${day(M1, 5)}T10:00:00Z`;
  const early = [200_000, 300_000, 400_000].map((p) =>
    listing('75001', p, day(M2, 1), p === 300_000 ? { original_list_price: 310_000, price_changed_at: cutOn } : {}),
  );
  const late = [500_000, 600_000, 700_000].map((p) => listing('75001', p, day(M1, 15)));
  const gone = listing('75001', 900_000, day(M3, 10), {
    off_market_at: `${day(M1, 15)}T12:00:00Z`,
    off_market_status: 'Withdrawn',
  });
  const ids = await t.db
    .insertInto('properties')
    .values([...early, ...late, gone])
    .returning(['id', 'list_price'])
    .execute();
  const cut = ids.find((r) => r.list_price === 300_000)!;
  await t.db
    .insertInto('price_history')
    .values({ property_id: cut.id, old_price: 310_000, new_price: 300_000, changed_at: cutOn })
    .execute();
  // Five sales in 75001 on the 10th of M-1 (each 98 % of its list price), one in 75002.
  const sale = (zip: string, price: number, area: number) => ({
    listing_key: key('S'),
    close_price: price,
    list_price: price / 0.98,
    close_date: day(M1, 10),
    area,
    created_at: now,
    updated_at: now,
    ...at(zip),
  });
  await t.db
    .insertInto('sold_comps')
    .values([...[100_000, 200_000, 300_000, 400_000, 500_000].map((p) => sale('75001', p, 1000)), sale('75002', 900_000, 1500)])
    .execute();
  // Five leases in 75001 on the 20th of M-2.
  await t.db
    .insertInto('leases')
    .values(
      [1000, 1100, 1200, 1300, 1400].map((rent) => ({
        listing_key: key('R'),
        rent,
        close_date: day(M2, 20),
        area: 1000,
        created_at: now,
        updated_at: now,
        ...at('75001'),
      })),
    )
    .execute();
  // A listing in 75002 makes it a place (the places are of listed listings).
  await t.db
    .insertInto('properties')
    .values(listing('75002', 450_000, day(M1, 2)))
    .execute();
  await refreshPlaces(t.db);
  await noteListingsChanged(t.db);
}

const monthIn = (answer: MarketTrendsAnswer, index: number, month: string): TrendMonth =>
  answer.series[index].months.find((m) => m.month === month)!;

describe.each(DATABASES)('market trends on $name', (database) => {
  let t: TestApp;
  let auth: { authorization: string };

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    t = await createTestApp(database, { marketTrends: { pollMs: 50, changeMarginMs: 0 } });
    auth = bearer((await signup(t.app)).token);
    await insertFixture(t);
    const worker = t.app.dealmap.marketTrends;
    // The start's rebuild (an empty database), then the one the fixture's change signal asks for.
    for (let i = 0; i < 200 && !worker.lastRebuild?.rows; i++) await new Promise((r) => setTimeout(r, 50));
    await worker.idle();
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  it('rebuilds the aggregates in the background after the listings change', () => {
    expect(t.app.dealmap.marketTrends.lastRebuild?.rows).toBeGreaterThan(0);
  });

  it("answers a ZIP's months with the medians worked out by hand", async () => {
    const res = await get('/api/v1/auth/market-trends?markets=zip:75001&months=6');
    expect(res.statusCode).toBe(200);
    const answer = json<{ data: MarketTrendsAnswer }>(res).data;
    expect(answer.refreshedAt).not.toBeNull();
    expect(answer.series[0].market).toMatchObject({ id: 'zip:75001', label: '75001 (Trendton, TX)', zip: '75001' });
    expect(answer.series[0].months.map((m) => m.month)).toEqual([-5, -4, -3, -2, -1, 0].map((n) => addMonths(M0, n)));

    // The end of M-2: the three early ones and the one that left later: 4 listed, too few for a median.
    const m2 = monthIn(answer, 0, M2);
    expect(m2.activeListings).toBe(4);
    expect(m2.listPrice).toEqual({ value: null, count: 4 });
    expect(m2.newListings).toBe(3);
    // Leases of M-2: 1,000 … 1,400 → 1,200 and $1.20 a sq ft; no sales yet in the window.
    expect(m2.rent).toEqual({ value: 1200, count: 5 });
    expect(m2.rentPerSqft).toEqual({ value: 1.2, count: 5 });
    expect(m2.soldPrice).toEqual({ value: null, count: 0 });

    // The end of M-1: six listed (the 900,000 one left); 200, 300 (cut from 310), 400, 500, 600, 700 thousand.
    const m1 = monthIn(answer, 0, M1);
    expect(m1.activeListings).toBe(6);
    expect(m1.listPrice).toEqual({ value: 450_000, count: 6 });
    expect(m1.listPricePerSqft).toEqual({ value: 450, count: 6 });
    expect(m1.newListings).toBe(3);
    expect(m1.priceCutPercent).toEqual({ value: 16.7, count: 6 });
    const dom = (daysBetween(day(M2, 1), day(M0, 1)) + daysBetween(day(M1, 15), day(M0, 1))) / 2;
    expect(m1.daysOnMarket).toEqual({ value: Math.round(dom), count: 6 });
    // Sales of M-1: 100 … 500 thousand at 1,000 sq ft, each 98 % of its list price.
    expect(m1.soldPrice).toEqual({ value: 300_000, count: 5 });
    expect(m1.soldPricePerSqft).toEqual({ value: 300, count: 5 });
    expect(m1.saleToListPercent).toEqual({ value: 98, count: 5 });
    // The leases of M-2 are in M-1's three months; 6 listed ÷ (5 sales ÷ 3) = 3.6 months; 12 × 1,200 ÷ 300,000.
    expect(m1.rent).toEqual({ value: 1200, count: 5 });
    expect(m1.monthsOfSupply).toEqual({ value: 3.6, count: 5 });
    expect(m1.grossYieldPercent).toEqual({ value: 4.8, count: 5 });

    // M-3: only the one that left later was listed. M-4 is before the database held listings: none counted.
    expect(monthIn(answer, 0, M3)).toMatchObject({ activeListings: 1, newListings: 1, rent: { value: null, count: 0 } });
    expect(answer.listingsFrom).toBe(M3);
  });

  it('compares a city with a ZIP: the city counts both ZIPs; a ZIP with one sale shows no median', async () => {
    const res = await get(`/api/v1/auth/market-trends?markets=${encodeURIComponent('city:Trendton|tx,zip:75002')}&months=3`);
    expect(res.statusCode).toBe(200);
    const answer = json<{ data: MarketTrendsAnswer }>(res).data;
    expect(answer.series.map((s) => s.market.id)).toEqual(['city:trendton|TX', 'zip:75002']);
    expect(answer.series[0].market.label).toBe('Trendton, TX');
    // Six sales in the city: 100, 200, 300, 400, 500, 900 thousand → 350,000.
    expect(monthIn(answer, 0, M1).soldPrice).toEqual({ value: 350_000, count: 6 });
    expect(monthIn(answer, 1, M1).soldPrice).toEqual({ value: null, count: 1 });
    expect(answer.series[1].market.bounds.ne.lat).toBeCloseTo(32.95, 5);
  });

  it("works out the visible area's months when asked", async () => {
    const res = await get('/api/v1/auth/market-trends/area?south=32.85&north=32.92&west=-96.9&east=-96.7&months=3');
    expect(res.statusCode).toBe(200);
    const months = json<{ data: { months: TrendMonth[] } }>(res).data.months;
    const m1 = months.find((m) => m.month === M1)!;
    expect(m1.soldPrice).toEqual({ value: 300_000, count: 5 });
    expect(m1.activeListings).toBe(6);
  });

  it("follows the cities the user's saved searches look at", async () => {
    expect(json<{ data: MarketTrendsAnswer }>(await get('/api/v1/auth/market-trends/followed')).data.series).toEqual([]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/saved-searches',
      headers: auth,
      payload: {
        name: 'Trendton',
        bounds: { ne: { lat: 32.93, lng: -96.7 }, sw: { lat: 32.88, lng: -96.9 } },
        query: {},
        alert: 'off',
      },
    });
    expect(saved.statusCode).toBe(201);
    const answer = json<{ data: MarketTrendsAnswer }>(await get('/api/v1/auth/market-trends/followed')).data;
    expect(answer.series.map((s) => s.market.label)).toEqual(['Trendton, TX']);
    expect(answer.series[0].months).toHaveLength(13);
    expect(answer.series[0].months.at(-2)).toMatchObject({ month: M1, soldPrice: { value: 350_000, count: 6 } });
  });

  it('refuses what it cannot answer, in words', async () => {
    const bad = await get('/api/v1/auth/market-trends?markets=austin');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(TREND_MESSAGES.badMarket('austin'));
    const many = await get('/api/v1/auth/market-trends?markets=zip:75001,zip:75002,zip:75003,zip:75004');
    expect(many.statusCode).toBe(400);
    expect(json(many).error.message).toBe(TREND_MESSAGES.tooManyMarkets);
    const twice = await get('/api/v1/auth/market-trends?markets=zip:75001,zip:75001');
    expect(json(twice).error.message).toBe(TREND_MESSAGES.sameMarketTwice);
    const unknown = await get('/api/v1/auth/market-trends?markets=zip:99999');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(TREND_MESSAGES.noMarket('zip:99999'));
    const wide = await get('/api/v1/auth/market-trends/area?south=30&north=33&west=-98&east=-96');
    expect(wide.statusCode).toBe(400);
    expect(json(wide).error.message).toBe(TREND_MESSAGES.boxTooWide);
    const flipped = await get('/api/v1/auth/market-trends/area?south=33&north=32.9&west=-96.9&east=-96.7');
    expect(json(flipped).error.message).toBe(TREND_MESSAGES.boxOrder);
    const months = await get('/api/v1/auth/market-trends?markets=zip:75001&months=500');
    expect(months.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/auth/market-trends?markets=zip:75001' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('brings only the months a change can move up to date', async () => {
    const worker = t.app.dealmap.marketTrends;
    const before = worker.lastRebuild;
    const now = new Date();
    await t.db
      .insertInto('sold_comps')
      .values({
        listing_key: key('S'),
        close_price: 600_000,
        list_price: 612_245,
        close_date: day(M1, 12),
        area: 1000,
        created_at: now,
        updated_at: now,
        ...at('75001'),
      })
      .execute();
    await noteListingsChanged(t.db);
    for (let i = 0; i < 200 && worker.lastRebuild === before; i++) await new Promise((r) => setTimeout(r, 50));
    await worker.idle();
    expect(worker.lastRebuild?.start).toBe(`${M1}-01`);
    const answer = json<{ data: MarketTrendsAnswer }>(await get('/api/v1/auth/market-trends?markets=zip:75001&months=6')).data;
    // 100 … 600 thousand: 350,000 over six; the months before are as they were.
    expect(monthIn(answer, 0, M1).soldPrice).toEqual({ value: 350_000, count: 6 });
    expect(monthIn(answer, 0, M2).rent).toEqual({ value: 1200, count: 5 });
    expect(monthIn(answer, 0, M2).activeListings).toBe(4);
  });

  it('keeps a listing that sold in the months it was on the market', async () => {
    const worker = t.app.dealmap.marketTrends;
    const before = worker.lastRebuild;
    const { listing_key } = await t.db
      .selectFrom('properties')
      .select('listing_key')
      .where('list_price', '=', 200_000)
      .executeTakeFirstOrThrow();
    // The feed says it closed on the 20th of M-1: its listing is removed, its sold comp keeps its on-market day.
    const sold = await createListingsRepository(t.db).upsertSold([
      {
        listing_key,
        close_price: 205_000,
        list_price: 200_000,
        close_date: day(M1, 20),
        beds: 3,
        baths_full: 2,
        baths_half: null,
        baths_three_quarter: null,
        area: 1000,
        address_full: '1 Sold St',
        ...at('75001'),
      },
    ]);
    expect(sold.removedListings).toBe(1);
    const comp = await t.db
      .selectFrom('sold_comps')
      .select((eb) => eb.cast<string>('on_market_date', 'text').as('on_market_date'))
      .where('listing_key', '=', listing_key)
      .executeTakeFirstOrThrow();
    expect(comp.on_market_date).toBe(day(M2, 1));
    await noteListingsChanged(t.db);
    for (let i = 0; i < 200 && worker.lastRebuild === before; i++) await new Promise((r) => setTimeout(r, 50));
    await worker.idle();
    const answer = json<{ data: MarketTrendsAnswer }>(await get('/api/v1/auth/market-trends?markets=zip:75001&months=6')).data;
    // M-2 as before it sold: it was on the market then (4 listed, 3 of them new that month).
    expect(monthIn(answer, 0, M2)).toMatchObject({ activeListings: 4, newListings: 3 });
    // Its cuts left with it: the cut share of M-2 is of the 3 whose price history is known.
    expect(monthIn(answer, 0, M2).priceCutPercent).toEqual({ value: null, count: 3 });
    // The end of M-1: it had sold; 300 (cut), 400, 500, 600, 700 thousand listed.
    const m1 = monthIn(answer, 0, M1);
    expect(m1).toMatchObject({ activeListings: 5, newListings: 3, listPrice: { value: 500_000, count: 5 } });
    expect(m1.daysOnMarket).toEqual({ value: daysBetween(day(M1, 15), day(M0, 1)), count: 5 });
    expect(m1.priceCutPercent).toEqual({ value: 20, count: 5 });
    expect(monthIn(answer, 0, M0).activeListings).toBe(5);
  });
  it('works out a month the same from any first month rebuilt (the prices before it are the ones later changes replaced)', async () => {
    const now = new Date();
    // Listed in M-3 at 520,000, cut to 500,000 in M-2, raised to 510,000 in M0; another sold after a cut in M-1.
    const [moved] = await t.db
      .insertInto('properties')
      .values({
        listing_key: key('L'),
        list_price: 510_000,
        original_list_price: 520_000,
        area: 1200,
        on_market_date: day(M3, 20),
        created_at: `${day(M3, 1)}T00:00:00Z`,
        updated_at: now,
        ...at('75002'),
      })
      .returning('id')
      .execute();
    await t.db
      .insertInto('price_history')
      .values([
        { property_id: moved.id, old_price: 520_000, new_price: 500_000, changed_at: `${day(M2, 3)}T09:00:00Z` },
        { property_id: moved.id, old_price: 500_000, new_price: 510_000, changed_at: `${day(M0, 1)}T09:00:00Z` },
      ])
      .execute();
    const rows = async (start: string) => {
      const { rows: found } = await sql<Record<string, unknown>>`
        select * from (${trendRowsQuery({ start })}) t where month >= ${start}::date order by kind, key, month`.execute(t.db);
      // This month's days on market run to now, which moves between the statements.
      return found.map(({ dom_median: dom, ...row }): Record<string, unknown> & { month: string } => {
        const month = monthOf(new Date(row.month as string));
        return { ...row, month, ...(month === M0 ? {} : { dom_median: dom }) };
      });
    };
    const all = await rows(`${addMonths(M0, -119)}-01`);
    for (const month of [M3, M2, M1, M0]) {
      expect(await rows(`${month}-01`)).toEqual(all.filter((row) => row.month >= month));
    }
    // 75002 at the end of M-2: the cut listing alone; at the end of M-1 its cut price beside 450,000.
    const in75002 = (month: string) => all.find((row) => row.kind === 'zip' && row.key === '75002' && row.month === month);
    expect(in75002(M2)).toMatchObject({ active_count: 1, list_price_median: 500_000, cut_count: 1 });
    expect(in75002(M1)).toMatchObject({ active_count: 2, list_price_median: 475_000, cut_count: 0 });
    expect(in75002(M0)).toMatchObject({ active_count: 2, list_price_median: 480_000 });
  });
});
