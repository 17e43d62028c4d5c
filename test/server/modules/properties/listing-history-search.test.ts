/**
 * Days on market and price cuts in the search (issue 28): the filters minDays, maxDays and cut narrow
 * the bounds pages, the clusters and the top of the view alike, and as the client's matchesFilters
 * does; the sorts daysOnMarket and priceCut order `type=top` as compareBy does, nulls last; bad values
 * are 400 with FILTER_MESSAGES; the recent search keeps the new filters; GET /property/:id reads the
 * listing's history back. The listings' dates, original prices and price changes are written straight
 * into the test database here, whatever the demo data gives them.
 */
import { sql } from 'kysely';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import type { MapBounds } from '../../../../src/shared/schemas/geo';
import { TOP_LIMIT, type PropertySummaryRow, type SearchClustersAnswer } from '../../../../src/shared/schemas/property-search';
import {
  compareBy,
  FILTER_MESSAGES,
  matchesFilters,
  parseSearchFilters,
  type SearchFilterParams,
  type SearchSort,
} from '../../../../src/shared/search-filters';
import { summaryFromRow, type PropertySummary } from '../../../../src/shared/search-summary';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';

const AUSTIN: MapBounds = { ne: { lat: 30.6, lng: -97.4 }, sw: { lat: 30.0, lng: -98.1 } };
const DAY_MS = 86_400_000;

/**
 * Each listing's history by its place in listing-key order (the seeded demo's keys: the same listings get
 * the same history on every run and both databases): about one in eleven without an on-market date,
 * days on market from 0 to 239; a third cut from a higher original price (1 to 24 %, the last change
 * 0 to 29 days ago), a third at their original price, a third without one.
 */
function historyOf(i: number, listPrice: number) {
  const days = i % 11 === 0 ? null : (i * 37) % 240;
  const kind = i % 3;
  const original = kind === 0 ? Math.round(listPrice * (1 + ((i * 7) % 24) / 100 + 0.01)) : kind === 1 ? listPrice : null;
  const changedDaysAgo = kind === 0 ? (i * 5) % 30 : null;
  return { days, original, changedDaysAgo };
}

describe.each(DATABASES)('days on market and price cuts in the search on $name', (database) => {
  let t: TestApp;
  let token: string;
  let austin: PropertySummary[];

  beforeAll(async () => {
    t = await createTestApp(database);
    // Enough listings for about a hundred in Austin.
    await loadDemoData(t.db, { listings: 1200, seed: 3 });
    token = (await signup(t.app)).token;
    const rows = await sql<{
      id: string;
      list_price: number;
    }>`select id, list_price from properties order by listing_key`.execute(t.db);
    const ids: string[] = [];
    const days: Array<number | null> = [];
    const originals: Array<number | null> = [];
    const changed: Array<string | null> = [];
    rows.rows.forEach((row, i) => {
      const h = historyOf(i, row.list_price);
      ids.push(row.id);
      days.push(h.days);
      originals.push(h.original);
      changed.push(h.changedDaysAgo === null ? null : new Date(Date.now() - h.changedDaysAgo * DAY_MS).toISOString());
    });
    await sql`
      update properties p set
        on_market_date = case when v.days is null then null else current_date - v.days end,
        original_list_price = v.original,
        price_changed_at = v.changed
      from unnest(${ids}::uuid[], ${days}::int[], ${originals}::float8[], ${changed}::timestamptz[])
        as v(id, days, original, changed)
      where p.id = v.id`.execute(t.db);
    austin = await boundsAll({});
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const search = (params: Record<string, string | number>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/searchProperties?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
      headers: bearer(token),
    });
  const withBounds = (extra: Record<string, string>, bounds: MapBounds = AUSTIN) => ({
    bounds: JSON.stringify(bounds),
    ...extra,
  });
  async function boundsAll(filters: Record<string, string>, bounds: MapBounds = AUSTIN): Promise<PropertySummary[]> {
    const response = await search({ type: 'bounds', limit: 5000, ...withBounds(filters, bounds) });
    expect(response.statusCode).toBe(200);
    return (json(response).data as { properties: PropertySummaryRow[] }).properties.map(summaryFromRow);
  }
  async function top(extra: Record<string, string>, bounds: MapBounds = AUSTIN) {
    const response = await search({ type: 'top', ...withBounds(extra, bounds) });
    expect(response.statusCode).toBe(200);
    const answer = json(response).data as { properties: PropertySummaryRow[]; total: number };
    return { total: answer.total, properties: answer.properties.map(summaryFromRow) };
  }

  it('the summaries carry the days on market, the cut and the days since the last change', () => {
    expect(austin.length).toBeGreaterThan(TOP_LIMIT);
    const known = austin.filter((p) => p.DaysOnMarket !== null);
    expect(known.length).toBeGreaterThan(0);
    expect(known.length).toBeLessThan(austin.length);
    expect(known.every((p) => Number.isInteger(p.DaysOnMarket) && p.DaysOnMarket! >= 0 && p.DaysOnMarket! < 240)).toBe(true);
    const cut = austin.filter((p) => p.PriceCutPercent > 0);
    expect(cut.length).toBeGreaterThan(10);
    expect(cut.every((p) => p.PriceCutPercent <= 25 && p.PriceChangeDays !== null && p.PriceChangeDays <= 30)).toBe(true);
    // Listings at their original price, or without one, have no cut.
    expect(austin.filter((p) => p.PriceCutPercent === 0).length).toBeGreaterThan(cut.length);
  });

  it('minDays, maxDays and cut narrow the bounds pages, the clusters and the top of the view alike', async () => {
    const cases: SearchFilterParams[] = [
      { minDays: '60' },
      { maxDays: '30' },
      { maxDays: '7' },
      { minDays: '30', maxDays: '120' },
      { cut: 'any' },
      { cut: '10' },
      { cut: 'ANY', maxDays: '90' },
      { cut: '5', minDays: '14', deal: 'good,market' },
    ];
    for (const filterParams of cases) {
      const { filters, problems } = parseSearchFilters(filterParams);
      expect(problems).toEqual([]);
      const expected = austin.filter((p) => matchesFilters(p, filters));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(austin.length);
      const asStrings = filterParams as Record<string, string>;

      const pages = await boundsAll(asStrings);
      expect(pages.map((p) => p._id)).toEqual(expected.map((p) => p._id));

      const cells = json(await search({ type: 'clusters', zoom: 11, ...withBounds(asStrings) })).data as SearchClustersAnswer;
      expect(cells.total).toBe(expected.length);
      expect(cells.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(expected.length);

      const best = await top({ ...asStrings, sort: 'daysOnMarket', order: 'desc' });
      expect(best.total).toBe(expected.length);
      const sorted = [...expected].sort(compareBy('daysOnMarket', 'desc', undefined));
      expect(best.properties.map((p) => p._id)).toEqual(sorted.slice(0, TOP_LIMIT).map((p) => p._id));
    }
    // A listing without an on-market date passes neither days filter; one without a cut never passes cut.
    expect((await boundsAll({ minDays: '0' })).every((p) => p.DaysOnMarket !== null)).toBe(true);
    expect((await boundsAll({ cut: 'any' })).every((p) => p.PriceCutPercent > 0)).toBe(true);
  });

  it('type=top orders newest, longest on market and biggest cut as the list does, nulls last either way', async () => {
    const cases: Array<[SearchSort, 'asc' | 'desc']> = [
      ['daysOnMarket', 'asc'],
      ['daysOnMarket', 'desc'],
      ['priceCut', 'desc'],
      ['priceCut', 'asc'],
    ];
    for (const [sort, order] of cases) {
      const answer = await top({ sort, order });
      expect(answer.total).toBe(austin.length);
      const expected = [...austin].sort(compareBy(sort, order, undefined));
      expect(answer.properties.map((p) => p._id)).toEqual(expected.slice(0, TOP_LIMIT).map((p) => p._id));
    }
    // A view small enough to come back whole: its undated listings end the list in both directions.
    const west = [...austin].sort((a, b) => a.location.coordinates[0] - b.location.coordinates[0]).slice(0, 40);
    const box: MapBounds = { ...AUSTIN, ne: { lat: AUSTIN.ne.lat, lng: west[west.length - 1].location.coordinates[0] } };
    const inBox = await boundsAll({}, box);
    const undated = inBox.filter((p) => p.DaysOnMarket === null).length;
    expect(inBox.length).toBeLessThanOrEqual(TOP_LIMIT);
    expect(undated).toBeGreaterThan(0);
    for (const order of ['asc', 'desc'] as const) {
      const answer = await top({ sort: 'daysOnMarket', order }, box);
      expect(answer.properties).toHaveLength(inBox.length);
      const days = answer.properties.map((p) => p.DaysOnMarket);
      expect(days.slice(-undated).every((d) => d === null)).toBe(true);
      const dated = days.slice(0, -undated) as number[];
      expect(dated.every((d) => d !== null)).toBe(true);
      expect(dated).toEqual([...dated].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      expect(answer.properties.map((p) => p._id)).toEqual(
        [...inBox].sort(compareBy('daysOnMarket', order, undefined)).map((p) => p._id),
      );
    }
  });

  it('refuses bad days and cut values with the filter messages (400) on every type', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ minDays: '-1' }, FILTER_MESSAGES.days('minDays')],
      [{ minDays: 'old' }, FILTER_MESSAGES.days('minDays')],
      [{ maxDays: '2.5' }, FILTER_MESSAGES.days('maxDays')],
      [{ maxDays: '3651' }, FILTER_MESSAGES.days('maxDays')],
      [{ minDays: '30', maxDays: '10' }, FILTER_MESSAGES.daysOrder],
      [{ cut: '0' }, FILTER_MESSAGES.cut],
      [{ cut: '100' }, FILTER_MESSAGES.cut],
      [{ cut: '7.5' }, FILTER_MESSAGES.cut],
      [{ cut: 'some' }, FILTER_MESSAGES.cut],
    ];
    for (const type of ['bounds', 'clusters', 'top']) {
      for (const [extra, message] of cases) {
        const response = await search({ type, zoom: 11, ...withBounds(extra) });
        expect(response.statusCode).toBe(400);
        expect(json(response).error.message).toBe(message);
      }
    }
  });

  it('a recent search keeps the days-on-market and cut filters, and refuses a bad one', async () => {
    const place = { name: 'Austin', formattedAddress: 'Austin, TX, USA', lat: 30.27, lng: -97.74 };
    const post = (filters: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/recentSearches',
        headers: bearer(token),
        payload: { ...place, filters },
      });
    const saved = await post({ minDays: '30', maxDays: '180', cut: 'Any' });
    expect(saved.statusCode).toBe(201);
    expect(json(saved).data.filters).toEqual({ minDays: '30', maxDays: '180', cut: 'any' });
    const bad = await post({ cut: '0' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(FILTER_MESSAGES.cut);
  });

  it("GET /property/:id reads the listing's dates, original price, cut and price history back", async () => {
    const p = austin.find((x) => x.PriceCutPercent > 5 && x.DaysOnMarket !== null)!;
    const row = (
      await sql<{ original_list_price: number; list_price: number; on_market_date: string }>`
        select original_list_price, list_price, on_market_date::text from properties where id = ${p._id}`.execute(t.db)
    ).rows[0];
    const middle = Math.round((row.original_list_price + row.list_price) / 2);
    await sql`
      insert into price_history (property_id, old_price, new_price, changed_at) values
        (${p._id}, ${middle}, ${row.list_price}, now() - interval '2 days'),
        (${p._id}, ${row.original_list_price}, ${middle}, now() - interval '20 days')`.execute(t.db);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/auth/property/${p._id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const whole = json(response).data;
    expect(whole).toMatchObject({
      OnMarketDate: row.on_market_date,
      DaysOnMarket: p.DaysOnMarket,
      OriginalListPrice: row.original_list_price,
      PriceCutPercent: p.PriceCutPercent,
      PriceChangeDays: p.PriceChangeDays,
    });
    expect(whole.PriceCutPercent).toBeCloseTo((100 * (row.original_list_price - row.list_price)) / row.original_list_price, 1);
    // Oldest first, as the property page's table reverses it.
    expect(whole.priceHistory.map((h: { oldPrice: number; newPrice: number }) => [h.oldPrice, h.newPrice])).toEqual([
      [row.original_list_price, middle],
      [middle, row.list_price],
    ]);
  });
});
