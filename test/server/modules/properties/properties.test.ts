import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { sql } from 'kysely';
import { loadDemoData } from '../../../../src/server/modules/demo-data';
import { BOUNDS_MESSAGES } from '../../../../src/shared/geo/bounds';
import { cellKey, cellX, cellY } from '../../../../src/shared/geo/cluster-grid';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isUuid } from '../../../../src/server/http/ids';
import {
  PropertySummaryRow,
  TOP_LIMIT,
  type SearchClustersAnswer,
  type PropertySummaryRow as SummaryRow,
} from '../../../../src/shared/schemas/property-search';
import { summaryFromRow, type PropertySummary } from '../../../../src/shared/search-summary';
import {
  compareBy,
  FILTER_MESSAGES,
  matchesFilters,
  parseSearchFilters,
  SEARCH_SORTS,
  SORT_MESSAGES,
  type SearchFilterParams,
} from '../../../../src/shared/search-filters';
import { PROPERTY_MESSAGES } from '../../../../src/server/modules/properties/routes';
import {
  MAX_CURSOR_COUNT,
  createPropertiesRepository,
  type SearchCursor,
  type SearchPage,
  type SearchPageJson,
} from '../../../../src/server/modules/properties/repository';
/** What a search summary holds, by the spec's names (src/shared/search-summary.ts). */
const SUMMARY_FIELDS = [
  '_id',
  'location',
  'LatestListingPrice',
  'BedroomsTotal',
  'BathroomsTotal',
  'BuildingAreaTotal',
  'PropertyAddressFull',
  'PropertyAddressCity',
  'PropertyAddressState',
  'PropertyAddressZIP',
  'markerColor',
  'cashOnCash',
  'DaysOnMarket',
  'PriceCutPercent',
  'PriceChangeDays',
  'ValueGapPercent',
  'zIndex',
].sort();

// TypeBox's Value.Check knows no formats of its own (the server's ajv does).
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', isUuid);

const AUSTIN = { ne: { lat: 30.6, lng: -97.4 }, sw: { lat: 30.0, lng: -98.1 } };

describe.each(DATABASES)('properties API on $name', (database) => {
  let t: TestApp;
  let token: string;
  let austinCount: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    await loadDemoData(t.db, { listings: 600, seed: 3 });
    token = (await signup(t.app)).token;
    const r = await sql<{ n: number }>`
      select count(*)::int as n from properties
      where latitude between ${AUSTIN.sw.lat} and ${AUSTIN.ne.lat} and longitude between ${AUSTIN.sw.lng} and ${AUSTIN.ne.lng}`.execute(
      t.db,
    );
    austinCount = r.rows[0].n;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });
  const search = (params: Record<string, string | number>) =>
    get(`/api/v1/auth/searchProperties?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);

  it('needs a signed-in user', async () => {
    expect((await get('/api/v1/auth/property/comps?ids=x', false)).statusCode).toBe(401);
    expect(
      (await get(`/api/v1/auth/searchProperties?type=bounds&bounds=${encodeURIComponent(JSON.stringify(AUSTIN))}`, false))
        .statusCode,
    ).toBe(401);
  });

  it('GET /property/:id returns the property with spec fields and results; 404 unknown; 400 malformed', async () => {
    const id = (await sql<{ id: string }>`select id from properties where array_length(comp_ids, 1) > 0 limit 1`.execute(t.db))
      .rows[0].id;
    const response = await get(`/api/v1/auth/property/${id}`);
    expect(response.statusCode).toBe(200);
    const p = json(response).data;
    for (const field of [
      '_id',
      'LatestListingPrice',
      'PublicListingRemarks',
      'BedroomsTotal',
      'BathroomsTotal',
      'BathroomsFull',
      'BathroomsHalf',
      'BathroomsThreeQuarter',
      'BuildingAreaTotal',
      'PropertyAddressFull',
      'PropertyAddressCity',
      'PropertyAddressState',
      'PropertyAddressZIP',
      'location',
      'markerColor',
      'compIDs',
      'BuyHoldResults',
      'BRRRRResults',
      'FixFlipResults',
      'ShortTermResults',
      'dealStatus',
      'confidence',
      'monthlyRent',
      'rehabEstimate',
      'arvEstimate',
      'nightlyRate',
    ]) {
      expect(p).toHaveProperty(field);
    }
    expect(p._id).toBe(id);
    expect(p.location.type).toBe('Point');
    expect(p.location.coordinates).toHaveLength(2);
    expect(p.BathroomsTotal).toBe(p.BathroomsFull + p.BathroomsHalf + p.BathroomsThreeQuarter);
    expect(p.BRRRRResults.loanAmount).toBeCloseTo(0.7 * p.arvEstimate, 1);
    expect(p.BRRRRResults.refiLoanAmount).toBeCloseTo(0.8 * p.arvEstimate, 1);
    expect(p.ShortTermResults.peakSeasonRate).toBe(p.nightlyRate);
    expect(p.confidence.compCount).toBe(p.compIDs.length);
    expect({ 'Good Deal': '#10b981', Overpriced: '#ef4444', 'Market Price': '#06b6d4' }[p.dealStatus as string]).toBe(
      p.markerColor.background,
    );

    const missing = await get('/api/v1/auth/property/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).error.message).toBe(PROPERTY_MESSAGES.propertyNotFound);
    const bad = await get('/api/v1/auth/property/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(PROPERTY_MESSAGES.badPropertyId);
  });

  it('answers carry the declared fields only: no internal column leaks', async () => {
    const id = (await sql<{ id: string }>`select id from properties limit 1`.execute(t.db)).rows[0].id;
    const property = json(await get(`/api/v1/auth/property/${id}`)).data as Record<string, unknown>;
    for (const internal of ['ListingKey', 'listing_key', 'inputs', 'results_rate', 'needs_recompute', 'created_at', 'id']) {
      expect(property).not.toHaveProperty(internal);
    }
    const page = json(await search({ type: 'bounds', zoom: 12, bounds: JSON.stringify(AUSTIN), limit: 5 })).data;
    expect(Object.keys(page).sort()).toEqual(['next', 'properties']);
    for (const row of page.properties) expect(Value.Check(PropertySummaryRow, row)).toBe(true);
  });

  it('the bounds and top answers carry the lean summary only: no results, comp ids or remarks on the wire', async () => {
    const bounds = JSON.stringify(AUSTIN);
    const queries: Array<Record<string, string | number>> = [
      { type: 'bounds', zoom: 12, bounds },
      { type: 'top', bounds, sort: 'coc', strategy: 'buyHold' },
    ];
    for (const query of queries) {
      const response = await search(query);
      expect(response.statusCode).toBe(200);
      for (const gone of [
        'BuyHoldResults',
        'BRRRRResults',
        'FixFlipResults',
        'ShortTermResults',
        'compIDs',
        'PublicListingRemarks',
        'cashOnCashRoi',
        'borderColor',
      ]) {
        expect(response.body).not.toContain(gone);
      }
      const { properties } = json(response).data as { properties: unknown[] };
      expect(properties.length).toBeGreaterThan(0);
      for (const row of properties) {
        expect(Value.Check(PropertySummaryRow, row)).toBe(true);
        expect(Object.keys(summaryFromRow(row as SummaryRow)).sort()).toEqual(SUMMARY_FIELDS);
      }
    }
  });

  it("a summary says what the whole property says: price, rooms, address, place, deal colour, each strategy's cash-on-cash", async () => {
    const rows = (
      json(await search({ type: 'bounds', zoom: 12, bounds: JSON.stringify(AUSTIN), limit: 40 })).data as {
        properties: SummaryRow[];
      }
    ).properties;
    for (const summary of rows.map(summaryFromRow)) {
      const whole = json(await get(`/api/v1/auth/property/${summary._id}`)).data;
      for (const field of SUMMARY_FIELDS.filter((f) => f !== 'cashOnCash' && f !== 'zIndex')) {
        // The summary's gap is the whole property's value estimate's.
        const wholeValue = field === 'ValueGapPercent' ? (whole.valueEstimate?.listGapPercent ?? null) : whole[field];
        expect([field, summary[field as keyof PropertySummary]]).toEqual([field, wholeValue]);
      }
      for (const [key, results] of [
        ['buyHold', whole.BuyHoldResults],
        ['brrrr', whole.BRRRRResults],
        ['fixFlip', whole.FixFlipResults],
        ['shortTerm', whole.ShortTermResults],
      ] as const) {
        const figure = summary.cashOnCash[key];
        expect(figure === null ? null : { ...figure }).toEqual(
          results ? { cashOnCashRoi: results.cashOnCashRoi, cashOnCashInfinite: results.cashOnCashInfinite } : null,
        );
      }
    }
  });

  it('GET /property/comps returns the comps in the order asked; 404 unknown; 400 malformed, empty or too many', async () => {
    const p = (
      await sql<{
        ids: string[];
      }>`select to_json(comp_ids) as ids from properties where array_length(comp_ids, 1) >= 2 limit 1`.execute(t.db)
    ).rows[0];
    const ids = p.ids;
    const response = await get(`/api/v1/auth/property/comps?ids=${ids.join(',')}`);
    expect(response.statusCode).toBe(200);
    const comps = json(response).data;
    expect(comps.map((c: { _id: string }) => c._id)).toEqual(ids);
    for (const field of [
      '_id',
      'MLSSoldPrice',
      'LatestListingPrice',
      'BedroomsTotal',
      'BathroomsTotal',
      'BathroomsFull',
      'PropertyAddressFull',
      'PropertyAddressZIP',
      'closeDate',
      'BuildingAreaTotal',
      'location',
    ]) {
      expect(comps[0]).toHaveProperty(field);
    }
    expect(comps[0].closeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const unknown = '00000000-0000-4000-8000-000000000001';
    const r404 = await get(`/api/v1/auth/property/comps?ids=${ids[0]},${unknown}`);
    expect(r404.statusCode).toBe(404);
    expect(json(r404).error.message).toBe(PROPERTY_MESSAGES.compsNotFound([unknown]));
    const r400 = await get('/api/v1/auth/property/comps?ids=abc');
    expect(r400.statusCode).toBe(400);
    expect(json(r400).error.message).toBe(PROPERTY_MESSAGES.badCompId('abc'));
    expect(json(await get('/api/v1/auth/property/comps?ids=,')).error.message).toBe(PROPERTY_MESSAGES.idsRequired);
    expect((await get('/api/v1/auth/property/comps')).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await get(`/api/v1/auth/property/comps?ids=${many.join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).error.message).toBe(PROPERTY_MESSAGES.tooManyIds);
  });

  it.each([
    ['missing corner', { ne: { lat: 30.6 }, sw: AUSTIN.sw }, BOUNDS_MESSAGES.missing(['ne.lng'])],
    ['north below south', { ne: { lat: 30.0, lng: -97.4 }, sw: { lat: 30.6, lng: -98.1 } }, BOUNDS_MESSAGES.northSouth],
    ['east below west', { ne: { lat: 30.6, lng: -98.1 }, sw: { lat: 30.0, lng: -97.4 } }, BOUNDS_MESSAGES.eastWest],
    [
      'latitude span too small',
      { ne: { lat: 30.0005, lng: -97.4 }, sw: { lat: 30.0, lng: -98.1 } },
      BOUNDS_MESSAGES.latSpanSmall,
    ],
    ['latitude span too large', { ne: { lat: 41, lng: -97.4 }, sw: { lat: 30.0, lng: -98.1 } }, BOUNDS_MESSAGES.latSpanLarge],
    [
      'longitude span too small',
      { ne: { lat: 30.6, lng: -98.0995 }, sw: { lat: 30.0, lng: -98.1 } },
      BOUNDS_MESSAGES.lngSpanSmall,
    ],
    ['longitude span too large', { ne: { lat: 30.6, lng: -87 }, sw: { lat: 30.0, lng: -98.1 } }, BOUNDS_MESSAGES.lngSpanLarge],
    ['latitude out of range', { ne: { lat: 95, lng: -97.4 }, sw: { lat: 89, lng: -98.1 } }, BOUNDS_MESSAGES.latRange],
    ['longitude out of range', { ne: { lat: 30.6, lng: 185 }, sw: { lat: 30.0, lng: 179 } }, BOUNDS_MESSAGES.lngRange],
  ])('bounds search: %s → 400 with its message', async (_name, bounds, message) => {
    const response = await search({ type: 'bounds', zoom: 12, bounds: JSON.stringify(bounds) });
    expect(response.statusCode).toBe(400);
    expect(json(response).error.message).toBe(message);
  });

  it('bounds search: bad JSON, bad type and bad token are 400', async () => {
    expect(json(await search({ type: 'bounds', bounds: '{ne:' })).error.message).toBe(PROPERTY_MESSAGES.badBoundsJson);
    expect((await search({ type: 'circle', bounds: JSON.stringify(AUSTIN) })).statusCode).toBe(400);
    const badToken = await search({ type: 'bounds', bounds: JSON.stringify(AUSTIN), next: 'xyz' });
    expect(json(badToken).error.message).toBe(PROPERTY_MESSAGES.badToken);
  });

  it('refuses a paging token whose count is not a safe integer (400, not 500)', async () => {
    const id = (await sql<{ id: string }>`select id from properties limit 1`.execute(t.db)).rows[0].id;
    for (const count of [2 ** 53, 1e21]) {
      const token = Buffer.from(JSON.stringify([-97.7, 30.2, id, count])).toString('base64url');
      const answer = await search({ type: 'bounds', zoom: 12, bounds: JSON.stringify(AUSTIN), next: token });
      expect(answer.statusCode).toBe(400);
      expect(json(answer).error.message).toBe(PROPERTY_MESSAGES.badToken);
    }
    const fine = Buffer.from(JSON.stringify([-97.7, 30.2, id, MAX_CURSOR_COUNT])).toString('base64url');
    expect((await search({ type: 'bounds', zoom: 12, bounds: JSON.stringify(AUSTIN), next: fine })).statusCode).toBe(200);
  });

  it('pages through every property in the box exactly once, by longitude, with zIndex by order', async () => {
    expect(austinCount).toBeGreaterThan(40);
    const seen: PropertySummary[] = [];
    let next: string | undefined;
    let pages = 0;
    for (;;) {
      const params: Record<string, string | number> = { type: 'bounds', zoom: 11, bounds: JSON.stringify(AUSTIN), limit: 17 };
      if (next) params[pages % 2 ? 'lastValue' : 'next'] = next; // both names work
      const response = await search(params);
      expect(response.statusCode).toBe(200);
      const body = json(response).data;
      expect(body.properties.length).toBeLessThanOrEqual(17);
      seen.push(...(body.properties as SummaryRow[]).map(summaryFromRow));
      pages++;
      if (body.next === 'done') break;
      next = body.next;
      expect(pages).toBeLessThan(100);
    }
    expect(seen).toHaveLength(austinCount);
    expect(new Set(seen.map((p) => p._id)).size).toBe(austinCount);
    expect(seen.map((p) => p.zIndex)).toEqual(seen.map((_, i) => i));
    const lngs = seen.map((p) => p.location.coordinates[0]);
    expect([...lngs].sort((a, b) => a - b)).toEqual(lngs);
    for (const p of seen) {
      const [lng, lat] = p.location.coordinates;
      expect(lat >= AUSTIN.sw.lat && lat <= AUSTIN.ne.lat && lng >= AUSTIN.sw.lng && lng <= AUSTIN.ne.lng).toBe(true);
    }
  });

  it('the page the database writes as JSON is the page mapped in Node, field for field, page after page', async () => {
    const filters = parseSearchFilters({ minBeds: '2' }).filters;
    let after: SearchCursor | null = null;
    let pages = 0;
    do {
      const [built, mapped]: [SearchPageJson, SearchPage] = await Promise.all([
        createPropertiesRepository(t.db).searchBoundsJson(AUSTIN, filters, after, 23),
        createPropertiesRepository(t.db).searchBounds(AUSTIN, filters, after, 23),
      ]);
      const properties = JSON.parse(built.propertiesJson) as SummaryRow[];
      expect(properties).toEqual(mapped.properties);
      expect(built.next).toEqual(mapped.next);
      for (const row of properties) expect(Value.Check(PropertySummaryRow, row)).toBe(true);
      after = built.next;
      pages++;
    } while (after);
    expect(pages).toBeGreaterThan(1);
  });

  it("says each strategy's cash-on-cash as a number, Infinity, or null with (no figure) or without (no results) its bit, in SQL and in Node alike", async () => {
    const ids = (
      await sql<{ id: string }>`select id from properties where latitude between ${AUSTIN.sw.lat} and ${AUSTIN.ne.lat}
        and longitude between ${AUSTIN.sw.lng} and ${AUSTIN.ne.lng} and buy_hold is not null order by id limit 3`.execute(t.db)
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(3);
    const saved = await sql<
      Record<string, unknown>
    >`select id, buy_hold_coc, brrrr_coc, short_term, short_term_coc from properties
      where id in (${sql.join(ids)})`.execute(t.db);
    try {
      await sql`update properties set buy_hold_coc = 'Infinity' where id = ${ids[0]}`.execute(t.db);
      await sql`update properties set brrrr_coc = null where id = ${ids[1]}`.execute(t.db);
      await sql`update properties set short_term = null, short_term_coc = null where id = ${ids[2]}`.execute(t.db);
      const [built, mapped] = await Promise.all([
        createPropertiesRepository(t.db).searchBoundsJson(AUSTIN, {}, null, 1000),
        createPropertiesRepository(t.db).searchBounds(AUSTIN, {}, null, 1000),
      ]);
      const rows = JSON.parse(built.propertiesJson) as SummaryRow[];
      expect(rows).toEqual(mapped.properties);
      const byId = new Map(rows.map((row) => [row[0], row]));
      expect(byId.get(ids[0])!.slice(12, 17)).toEqual([
        'Infinity',
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
        15,
      ]);
      expect(byId.get(ids[1])![13]).toBeNull();
      expect(byId.get(ids[1])![16]).toBe(15);
      expect(byId.get(ids[2])![15]).toBeNull();
      expect(byId.get(ids[2])![16]).toBe(7);
      const summary = (id: string) => summaryFromRow(byId.get(id)!).cashOnCash;
      expect(summary(ids[0]).buyHold).toEqual({ cashOnCashRoi: null, cashOnCashInfinite: true });
      expect(summary(ids[1]).brrrr).toEqual({ cashOnCashRoi: null, cashOnCashInfinite: false });
      expect(summary(ids[2]).shortTerm).toBeNull();
    } finally {
      for (const r of saved.rows) {
        await sql`update properties set buy_hold_coc = ${r.buy_hold_coc}, brrrr_coc = ${r.brrrr_coc},
          short_term = ${r.short_term === null ? null : JSON.stringify(r.short_term)}::json, short_term_coc = ${r.short_term_coc}
          where id = ${r.id}`.execute(t.db);
      }
    }
  });

  it('caps the page at 1,000 and says done on the last page; an empty box is done at once', async () => {
    const all = json(await search({ type: 'bounds', bounds: JSON.stringify(AUSTIN), limit: 5000 })).data;
    expect(all.properties).toHaveLength(austinCount);
    expect(all.next).toBe('done');
    const empty = json(
      await search({ type: 'bounds', bounds: JSON.stringify({ ne: { lat: 1.1, lng: 1.1 }, sw: { lat: 1, lng: 1 } }) }),
    ).data;
    expect(empty).toEqual({ properties: [], next: 'done' });
  });

  describe('type=clusters', () => {
    const US = { ne: { lat: 49.5, lng: -66.9 }, sw: { lat: 24.4, lng: -124.8 } };
    const clusters = (bounds: object, zoom: number | string, extra: Record<string, string> = {}) =>
      search({ type: 'clusters', zoom, bounds: JSON.stringify(bounds), ...extra });
    const inBox = async (b: typeof AUSTIN) =>
      (
        await sql<{ latitude: number; longitude: number; deal_status: string; list_price: number }>`
          select latitude, longitude, deal_status, list_price from properties
          where latitude between ${b.sw.lat} and ${b.ne.lat} and longitude between ${b.sw.lng} and ${b.ne.lng}`.execute(t.db)
      ).rows;

    it('groups the properties in the bounds on the grid of the zoom: the cells add up to the properties', async () => {
      for (const zoom of [9, 11, 12.7]) {
        const response = await clusters(AUSTIN, zoom);
        expect(response.statusCode).toBe(200);
        const answer = json(response).data as SearchClustersAnswer;
        expect(answer.zoom).toBe(Math.floor(zoom));
        expect(answer.total).toBe(austinCount);
        expect(answer.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(austinCount);

        // The same grid computed here from the rows (shared formulas) gives the same cells, counts and mixes.
        const expected = new Map<string, { count: number; good: number; over: number; min: number; max: number }>();
        for (const row of await inBox(AUSTIN)) {
          const key = cellKey(answer.zoom, cellX(row.longitude, answer.zoom), cellY(row.latitude, answer.zoom));
          const cell = expected.get(key) ?? { count: 0, good: 0, over: 0, min: Infinity, max: -Infinity };
          cell.count++;
          if (row.deal_status === 'Good Deal') cell.good++;
          if (row.deal_status === 'Overpriced') cell.over++;
          cell.min = Math.min(cell.min, row.list_price);
          cell.max = Math.max(cell.max, row.list_price);
          expected.set(key, cell);
        }
        expect(answer.clusters.map((c) => c.key).sort()).toEqual([...expected.keys()].sort());
        for (const c of answer.clusters) {
          const e = expected.get(c.key)!;
          expect([c.count, c.good, c.over, c.minPrice, c.maxPrice]).toEqual([e.count, e.good, e.over, e.min, e.max]);
          expect(c.good + c.market + c.over).toBe(c.count);
          const { ne, sw } = c.bounds;
          expect(sw.lat <= c.center.lat && c.center.lat <= ne.lat && sw.lng <= c.center.lng && c.center.lng <= ne.lng).toBe(true);
          expect(sw.lat >= AUSTIN.sw.lat && ne.lat <= AUSTIN.ne.lat && sw.lng >= AUSTIN.sw.lng && ne.lng <= AUSTIN.ne.lng).toBe(
            true,
          );
        }
      }
    });

    it('answers any span up to the continental US in one small answer; fewer, larger cells as the zoom goes out', async () => {
      const all = (await sql<{ n: number }>`select count(*)::int as n from properties`.execute(t.db)).rows[0].n;
      const wide = await clusters(US, 4);
      expect(wide.statusCode).toBe(200);
      const answer = json(wide).data as SearchClustersAnswer;
      expect(answer.total).toBe(all);
      expect(answer.clusters.length).toBeLessThan(60);
      expect(wide.body.length).toBeLessThan(1.5 * 1024 * 1024);
      const closer = json(await clusters(US, 6)).data as SearchClustersAnswer;
      expect(closer.total).toBe(all);
      expect(closer.clusters.length).toBeGreaterThan(answer.clusters.length);
      // An empty box: no cells.
      expect(json(await clusters({ ne: { lat: 1.1, lng: 1.1 }, sw: { lat: 1, lng: 1 } }, 10)).data).toEqual({
        clusters: [],
        total: 0,
        zoom: 10,
      });
    });

    it('refuses a bad type, zoom or bounds with a message (400); type=bounds keeps its 10° rule', async () => {
      const expect400 = async (response: Awaited<ReturnType<typeof search>>, message: RegExp | string) => {
        expect(response.statusCode).toBe(400);
        expect(json(response).error.message).toMatch(message);
      };
      await expect400(
        await search({ type: 'grid', zoom: 8, bounds: JSON.stringify(AUSTIN) }),
        'Type must be one of: bounds, clusters',
      );
      await expect400(await search({ type: 'clusters', bounds: JSON.stringify(AUSTIN) }), PROPERTY_MESSAGES.clusterZoomRequired);
      await expect400(await clusters(AUSTIN, 'abc'), /^Zoom/);
      await expect400(await clusters(AUSTIN, 23), /^Zoom/);
      await expect400(await clusters(AUSTIN, -1), /^Zoom/);
      await expect400(await clusters({ ne: AUSTIN.sw, sw: AUSTIN.ne }, 8), BOUNDS_MESSAGES.northSouth);
      await expect400(await clusters({ ne: { lat: 95, lng: 10 }, sw: { lat: 0, lng: 0 } }, 8), BOUNDS_MESSAGES.latRange);
      await expect400(await clusters(US, 14), /cluster cells at zoom 14; at most 4,096/);
      await expect400(await clusters(AUSTIN, 8, { next: 'abc' }), PROPERTY_MESSAGES.noPaging('clusters'));
      await expect400(await search({ type: 'bounds', zoom: 4, bounds: JSON.stringify(US) }), BOUNDS_MESSAGES.latSpanLarge);
    });
  });

  describe('filters and the top of the view', () => {
    const params = (extra: Record<string, string>) => ({ bounds: JSON.stringify(AUSTIN), ...extra });
    const boundsAll = async (filters: Record<string, string>) =>
      (
        json(await search({ type: 'bounds', limit: 5000, ...params(filters) })).data as { properties: SummaryRow[] }
      ).properties.map(summaryFromRow);
    const top = async (extra: Record<string, string>) => {
      const response = await search({ type: 'top', ...params(extra) });
      expect(response.statusCode).toBe(200);
      const answer = json(response).data as { properties: SummaryRow[]; total: number };
      return { total: answer.total, properties: answer.properties.map(summaryFromRow) };
    };

    it('narrow the bounds pages, the clusters and the top of the view alike: the counts add up', async () => {
      const everything = await boundsAll({});
      expect(everything).toHaveLength(austinCount);
      const prices = everything.map((p) => p.LatestListingPrice).sort((a, b) => a - b);
      const median = String(Math.round(prices[Math.floor(prices.length / 2)]));
      const cases: SearchFilterParams[] = [
        { minPrice: median },
        { maxPrice: median },
        { minBeds: '4' },
        { minBaths: '2' },
        { deal: 'good' },
        { deal: 'market,over' },
        { strategy: 'buyHold', minCoc: '-8' },
        { strategy: 'shortTerm', minCoc: '-5', minBeds: '3', maxPrice: median },
      ];
      for (const filterParams of cases) {
        const { filters, problems } = parseSearchFilters(filterParams);
        expect(problems).toEqual([]);
        const expected = everything.filter((p) => matchesFilters(p, filters));
        expect(expected.length).toBeLessThan(everything.length);
        expect(expected.length).toBeGreaterThan(0);
        const asStrings = filterParams as Record<string, string>;

        const pages = await boundsAll(asStrings);
        expect(pages.map((p) => p._id)).toEqual(expected.map((p) => p._id));
        expect(pages.map((p) => p.zIndex)).toEqual(expected.map((_, i) => i));

        const cells = json(await search({ type: 'clusters', zoom: 11, ...params(asStrings) })).data as SearchClustersAnswer;
        expect(cells.total).toBe(expected.length);
        expect(cells.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(expected.length);

        const best = await top({ ...asStrings, sort: 'price', order: 'desc', limit: '10' });
        expect(best.total).toBe(expected.length);
        const sorted = [...expected].sort(compareBy('price', 'desc', undefined));
        expect(best.properties.map((p) => p._id)).toEqual(sorted.slice(0, 10).map((p) => p._id));
      }
    });

    it('type=top ranks by every sort in both directions, nulls last, at most 50', async () => {
      const everything = await boundsAll({});
      for (const sort of SEARCH_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const strategy = sort === 'coc' ? 'fixFlip' : undefined;
          const answer = await top({ sort, order, ...(strategy ? { strategy } : {}) });
          expect(answer.total).toBe(austinCount);
          expect(answer.properties.length).toBe(Math.min(TOP_LIMIT, austinCount));
          const expected = [...everything].sort(compareBy(sort, order, strategy));
          expect(answer.properties.map((p) => p._id)).toEqual(expected.slice(0, TOP_LIMIT).map((p) => p._id));
        }
      }
      expect((await top({ limit: '500' })).properties.length).toBe(Math.min(TOP_LIMIT, austinCount));
    });

    it('refuses bad filter and sort values with a message (400)', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ minPrice: 'cheap' }, FILTER_MESSAGES.price('minPrice')],
        [{ minPrice: '9', maxPrice: '5' }, FILTER_MESSAGES.priceOrder],
        [{ minBeds: '-1' }, FILTER_MESSAGES.rooms('minBeds')],
        [{ deal: 'bargain' }, FILTER_MESSAGES.deal],
        [{ strategy: 'hold' }, FILTER_MESSAGES.strategy],
        [{ minCoc: '5' }, FILTER_MESSAGES.cocNeedsStrategy],
      ];
      for (const type of ['bounds', 'clusters', 'top']) {
        for (const [extra, message] of cases) {
          const response = await search({ type, zoom: 11, ...params(extra) });
          expect(response.statusCode).toBe(400);
          expect(json(response).error.message).toBe(message);
        }
      }
      const coc = await search({ type: 'top', sort: 'coc', ...params({}) });
      expect(coc.statusCode).toBe(400);
      expect(json(coc).error.message).toBe(SORT_MESSAGES.cocNeedsStrategy);
      const sort = await search({ type: 'top', sort: 'beds', ...params({}) });
      expect(sort.statusCode).toBe(400);
      expect(json(sort).error.message).toMatch(/^Sort must be one of: price, pricePerSqft, deal, coc/);
      const paging = await search({ type: 'top', next: 'abc', ...params({}) });
      expect(json(paging).error.message).toBe(PROPERTY_MESSAGES.noPaging('top'));
    });
  });

  describe('on the wire', () => {
    const searchWith = (encoding: string | undefined) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/auth/searchProperties?type=bounds&zoom=12&bounds=${encodeURIComponent(JSON.stringify(AUSTIN))}`,
        headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });

    it('compresses by Accept-Encoding: brotli first, then gzip, else identity; small answers go as they are', async () => {
      const plain = await searchWith(undefined);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await searchWith('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await searchWith('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // Under the 1 KB threshold: not worth compressing.
      const small = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/property/00000000-0000-4000-8000-000000000000',
        headers: { ...bearer(token), 'accept-encoding': 'br' },
      });
      expect(small.statusCode).toBe(404);
      expect(small.headers['content-encoding']).toBeUndefined();
    });

    it('the demo city search costs at most 300 bytes a property raw and 350 on the wire (brotli and gzip)', async () => {
      const plain = await searchWith(undefined);
      const count = (JSON.parse(plain.body) as SearchAnswer).data.properties.length;
      expect(count).toBe(austinCount);
      expect(plain.rawPayload.length / count).toBeLessThanOrEqual(300);
      for (const encoding of ['br', 'gzip']) {
        const response = await searchWith(encoding);
        expect(response.headers['content-encoding']).toBe(encoding);
        const count = (JSON.parse(decode(encoding, response.rawPayload)) as SearchAnswer).data.properties.length;
        expect(count).toBe(austinCount);
        expect(response.rawPayload.length / count).toBeLessThanOrEqual(350);
      }
    });
  });
});

type SearchAnswer = { data: { properties: unknown[] } };
const decode = (encoding: string, payload: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(payload) : gunzipSync(payload)).toString('utf8');
