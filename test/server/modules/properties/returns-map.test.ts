import { sql } from 'kysely';
import { cellBounds, cellKey, cellX, cellY } from '../../../../src/shared/geo/cluster-grid';
import { BOUNDS_MESSAGES } from '../../../../src/shared/geo/bounds';
import type { ReturnsCell, SearchReturnsAnswer } from '../../../../src/shared/schemas/property-search';
import { FILTER_MESSAGES, type SearchFilters } from '../../../../src/shared/search-filters';
import { mulberry32 } from '../../../../src/server/modules/demo-data/random';
import { refreshPlaces } from '../../../../src/server/modules/places';
import { PROPERTY_MESSAGES } from '../../../../src/server/modules/properties/routes';
import {
  percentileMethodFor,
  returnsQuery,
  type PercentileMethod,
} from '../../../../src/server/modules/properties/search-returns';
import { DATABASES, SETUP_TIMEOUT, createTestApp, json, searchProperties, signup, type TestApp } from '../../helpers';

/**
 * GET /searchProperties?type=returns on a hand-made set: two cells of the zoom-10 grid in Austin with
 * known cash-on-cash figures, so every median, percentile and count below is worked out by hand
 * (percentile_disc: the first figure whose cumulative share reaches the fraction).
 */
const ZOOM = 10;
const X = cellX(-97.74, ZOOM);
const Y = cellY(30.27, ZOOM);
const A = cellBounds(ZOOM, X, Y);
const B = cellBounds(ZOOM, X + 2, Y);
const C = cellBounds(ZOOM, X + 4, Y);
/** A point at fractions (fx, fy) across a cell's box. */
const inside = (box: typeof A, fx: number, fy: number) => ({
  lat: box.sw.lat + (box.ne.lat - box.sw.lat) * fy,
  lng: box.sw.lng + (box.ne.lng - box.sw.lng) * fx,
});
const VIEW = { ne: { lat: A.ne.lat + 0.05, lng: C.ne.lng + 0.05 }, sw: { lat: A.sw.lat - 0.05, lng: A.sw.lng - 0.05 } };

interface Row {
  key: string;
  price: number;
  at: { lat: number; lng: number };
  city: string;
  buyHold: number | null;
  brrrr: number | null;
}

/**
 * Cell A: Buy & Hold −2, 3, 5, 7 and ∞ (no cash in), and one listing without a figure (left out):
 * median 5 (3rd of 5: 0.6 ≥ 0.5), 10th percentile −2, 90th ∞. Its place is Round Rock: its three
 * listings' mean (0.67, 0.63 across the cell) is nearer the cell's centre than Austin's (0.3, 0.27).
 * Cell B: 10 and 20: median 10 (1st of 2: 0.5), 10th 10, 90th 20.
 * Cell C: 1.04 and 1.06, to a tenth of a percent 1.0 and 1.1: median 1.0, 90th 1.1.
 */
const ROWS: Row[] = [
  { key: 'A1', price: 200_000, at: inside(A, 0.1, 0.1), city: 'Austin', buyHold: -2, brrrr: null },
  { key: 'A2', price: 210_000, at: inside(A, 0.3, 0.2), city: 'Austin', buyHold: 3, brrrr: 12 },
  { key: 'A3', price: 220_000, at: inside(A, 0.5, 0.5), city: 'Austin', buyHold: 5, brrrr: null },
  { key: 'A4', price: 230_000, at: inside(A, 0.7, 0.6), city: 'Round Rock', buyHold: 7, brrrr: null },
  { key: 'A5', price: 100_000, at: inside(A, 0.9, 0.9), city: 'Round Rock', buyHold: Infinity, brrrr: null },
  { key: 'A6', price: 240_000, at: inside(A, 0.4, 0.4), city: 'Round Rock', buyHold: null, brrrr: null },
  { key: 'B1', price: 300_000, at: inside(B, 0.2, 0.3), city: 'Manor', buyHold: 10, brrrr: 1 },
  { key: 'B2', price: 310_000, at: inside(B, 0.6, 0.7), city: 'Manor', buyHold: 20, brrrr: 2 },
  { key: 'C1', price: 320_000, at: inside(C, 0.2, 0.3), city: 'Elgin', buyHold: 1.04, brrrr: null },
  { key: 'C2', price: 330_000, at: inside(C, 0.6, 0.7), city: 'Elgin', buyHold: 1.06, brrrr: null },
];

const KEY_A = cellKey(ZOOM, X, Y);
const KEY_B = cellKey(ZOOM, X + 2, Y);
const KEY_C = cellKey(ZOOM, X + 4, Y);

describe.each(DATABASES)('GET /searchProperties?type=returns on $name', (database) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    token = (await signup(t.app)).token;
    for (const r of ROWS) {
      await sql`
        insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip, buy_hold_coc, brrrr_coc)
        values (${r.key}, ${r.price}, ${r.at.lat}, ${r.at.lng}, ${`1 ${r.key} ST`}, ${r.city}, 'TX', '78701',
          ${r.buyHold}::float8, ${r.brrrr}::float8)`.execute(t.db);
    }
    await refreshPlaces(t.db);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const search = (params: Record<string, string | number>) => searchProperties(t.app, token, params);
  const returns = async (extra: Record<string, string | number> = {}) => {
    const response = await search({ type: 'returns', zoom: ZOOM, bounds: JSON.stringify(VIEW), ...extra });
    expect(response.statusCode).toBe(200);
    return json(response).data as SearchReturnsAnswer;
  };
  const byKey = (answer: SearchReturnsAnswer) => Object.fromEntries(answer.cells.map((c) => [c.key, c]));

  it('answers each cell its median, 10th–90th percentile, count, place and grid box (Buy & Hold by default)', async () => {
    const answer = await returns();
    expect(answer.strategy).toBe('buyHold');
    expect(answer.zoom).toBe(ZOOM);
    expect(answer.total).toBe(9);
    expect(byKey(answer)).toEqual({
      [KEY_A]: { key: KEY_A, bounds: A, count: 5, median: 5, low: -2, high: 'Infinity', place: 'Round Rock, TX' },
      [KEY_B]: { key: KEY_B, bounds: B, count: 2, median: 10, low: 10, high: 20, place: 'Manor, TX' },
      [KEY_C]: { key: KEY_C, bounds: C, count: 2, median: 1, low: 1, high: 1.1, place: 'Elgin, TX' },
    } satisfies Record<string, ReturnsCell>);
  });

  it('uses the same cells as type=clusters', async () => {
    const response = await search({ type: 'clusters', zoom: ZOOM, bounds: JSON.stringify(VIEW) });
    const clusters = (json(response).data as { clusters: Array<{ key: string }> }).clusters.map((c) => c.key).sort();
    expect(clusters).toEqual([KEY_A, KEY_B, KEY_C].sort());
  });

  it("shows the search's strategy", async () => {
    const answer = await returns({ strategy: 'brrrr' });
    expect(answer.strategy).toBe('brrrr');
    expect(byKey(answer)).toEqual({
      [KEY_A]: { key: KEY_A, bounds: A, count: 1, median: 12, low: 12, high: 12, place: 'Round Rock, TX' },
      [KEY_B]: { key: KEY_B, bounds: B, count: 2, median: 1, low: 1, high: 2, place: 'Manor, TX' },
    });
  });

  it('applies the filters', async () => {
    // Without the $100,000 listing (the ∞): −2, 3, 5, 7: median 3 (2nd of 4: 0.5), 90th 7 (4th: 1.0 ≥ 0.9).
    const cheap = byKey(await returns({ minPrice: 150_000 }));
    expect(cheap[KEY_A]).toMatchObject({ count: 4, median: 3, low: -2, high: 7 });
    // At least 4% (an infinite return passes): 5, 7, ∞ → median 7; cell B's 10 and 20 stay.
    const answer = await returns({ strategy: 'buyHold', minCoc: 4 });
    expect(answer.total).toBe(5);
    expect(byKey(answer)[KEY_A]).toMatchObject({ count: 3, median: 7, low: 5, high: 'Infinity' });
    // A filter nothing passes: no cells.
    expect(await returns({ minPrice: 900_000 })).toEqual({ cells: [], strategy: 'buyHold', total: 0, zoom: ZOOM });
  });

  it('follows every write to the listings: re-priced, moved, inserted by an upsert, deleted', async () => {
    // The heat map reads the listings' copy in property_returns (migration 0031), kept by triggers.
    const copyDiffers = async () => {
      const columns = sql.raw(
        'id, longitude, latitude, list_price, beds, baths_total, deal_status, on_market_date, price_cut_percent, buy_hold_coc, brrrr_coc, fix_flip_coc, short_term_coc',
      );
      const r = await sql<{
        n: number;
      }>`select (select count(*) from (select ${columns} from properties except select ${columns} from property_returns) a)::int
        + (select count(*) from (select ${columns} from property_returns except select ${columns} from properties) b)::int as n`.execute(
        t.db,
      );
      return r.rows[0].n;
    };
    expect(await copyDiffers()).toBe(0);
    // Cell B: 10 → 40 re-priced, 20 deleted, and a new listing at 30 upserted: median 30 of 30, 40.
    await sql`update properties set buy_hold_coc = 40 where listing_key = 'B1'`.execute(t.db);
    await sql`delete from properties where listing_key = 'B2'`.execute(t.db);
    const b = inside(B, 0.5, 0.5);
    for (const [key, coc] of [
      ['B3', 30],
      ['C1', 30],
    ] as const) {
      // C1 exists: the upsert moves it into cell B with a new figure.
      await sql`
        insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip, buy_hold_coc)
        values (${key}, 305000, ${b.lat}, ${b.lng}, ${`1 ${key} ST`}, 'Manor', 'TX', '78701', ${coc}::float8)
        on conflict (listing_key) do update set latitude = excluded.latitude, longitude = excluded.longitude, buy_hold_coc = excluded.buy_hold_coc`.execute(
        t.db,
      );
    }
    expect(await copyDiffers()).toBe(0);
    const cells = byKey(await returns());
    expect(cells[KEY_B]).toMatchObject({ count: 3, median: 30, low: 30, high: 40 });
    expect(cells[KEY_C]).toMatchObject({ count: 1, median: 1.1 });
  });

  it('refuses bad input with a message', async () => {
    const expect400 = async (params: Record<string, string | number>, message: string | RegExp) => {
      const response = await search({ type: 'returns', ...params });
      expect(response.statusCode).toBe(400);
      expect(json(response).error.message).toMatch(message);
    };
    const bounds = JSON.stringify(VIEW);
    await expect400({ bounds }, PROPERTY_MESSAGES.returnsZoomRequired);
    await expect400({ bounds, zoom: 30 }, /^Zoom/);
    await expect400({ bounds, zoom: ZOOM, strategy: 'flipper' }, FILTER_MESSAGES.strategy);
    await expect400({ bounds, zoom: ZOOM, minCoc: 5 }, FILTER_MESSAGES.cocNeedsStrategy);
    await expect400({ bounds, zoom: ZOOM, next: 'abc' }, PROPERTY_MESSAGES.noPaging('returns'));
    await expect400({ bounds: 'north', zoom: ZOOM }, PROPERTY_MESSAGES.badBoundsJson);
    await expect400({ bounds: JSON.stringify({ ne: VIEW.sw, sw: VIEW.ne }), zoom: ZOOM }, BOUNDS_MESSAGES.northSouth);
    const us = { ne: { lat: 49.5, lng: -66.9 }, sw: { lat: 24.4, lng: -124.8 } };
    await expect400({ bounds: JSON.stringify(us), zoom: 14 }, /cluster cells at zoom 14; at most 4,096/);
  });

  it('gives the same figures by the sort as by the histogram, at every zoom', async () => {
    // 3,000 listings around Denver, away from the cells above: figures from −20 to 30 % with many
    // repeats at a tenth, some infinite, some missing.
    const random = mulberry32(29);
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const r = random();
      const figure = r < 0.02 ? 'Infinity' : r < 0.05 ? null : String(Math.round((random() * 50 - 20) * 100) / 100);
      return {
        key: `D${i}`,
        lat: 39.54 + random() * 0.4,
        lng: -105.19 + random() * 0.4,
        price: 150_000 + Math.round(random() * 500_000),
        figure,
      };
    });
    await sql`
      insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip, buy_hold_coc)
      select k, p, la, lo, k || ' DENVER ST', 'Denver', 'CO', '80202', f::float8
      from unnest(${rows.map((r) => r.key)}::text[], ${rows.map((r) => r.price)}::float8[], ${rows.map((r) => r.lat)}::float8[],
        ${rows.map((r) => r.lng)}::float8[], ${rows.map((r) => r.figure)}::text[]) as v(k, p, la, lo, f)`.execute(t.db);
    const denver = { ne: { lat: 39.95, lng: -104.78 }, sw: { lat: 39.53, lng: -105.2 } };
    const figures = async (zoom: number, filters: SearchFilters, method: PercentileMethod) => {
      const cells = await returnsQuery(t.db, denver, filters, zoom, 'buyHold', method).execute();
      return cells.map((c) => ({ ...c, place: undefined })).sort((a, b) => a.cell_x - b.cell_x || a.cell_y - b.cell_y);
    };
    for (const zoom of [8, 10, 11, 12, 13]) {
      for (const filters of [{}, { minPrice: 300_000 }] as SearchFilters[]) {
        const sorted = await figures(zoom, filters, 'sort');
        expect(sorted.length).toBeGreaterThan(0);
        expect(sorted).toEqual(await figures(zoom, filters, 'histogram'));
      }
    }
    // The API takes the sort from zoom 11 and the histogram below it.
    expect([10, 11, 12].map(percentileMethodFor)).toEqual(['histogram', 'sort', 'sort']);
  });
});
