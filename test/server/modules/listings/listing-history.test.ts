import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { importFile } from '../../../../src/server/modules/feed-import/importer';
import { parseCsvRecords } from '../../../../src/server/lib/csv';
import type { Property } from '../../../../src/shared/schemas/property';
import { summaryFromRow, type PropertySummary } from '../../../../src/shared/search-summary';
import type { PropertySummaryRow } from '../../../../src/shared/schemas/property-search';

/** Days on market and price history from the feed (docs/listings.md, "Days on market and price history"). */

const HEADER = [
  'ListingKey',
  'StandardStatus',
  'ListPrice',
  'OriginalListPrice',
  'PriceChangeTimestamp',
  'OnMarketDate',
  'ListingContractDate',
  'DaysOnMarket',
  'CumulativeDaysOnMarket',
  'ClosePrice',
  'CloseDate',
  'BedroomsTotal',
  'BathroomsFull',
  'LivingArea',
  'UnparsedAddress',
  'City',
  'StateOrProvince',
  'PostalCode',
  'Latitude',
  'Longitude',
];

type Row = Partial<Record<(typeof HEADER)[number], string | number>>;

const csv = (rows: Row[]) =>
  `${[HEADER.join(','), ...rows.map((r) => HEADER.map((c) => (r[c] === undefined ? '' : String(r[c]))).join(','))].join('\n')}\n`;

const BOX = { sw: { lat: 30.2, lng: -97.8 }, ne: { lat: 30.3, lng: -97.7 } };
const house = (key: string, i: number): Row => ({
  ListingKey: key,
  StandardStatus: 'Active',
  BedroomsTotal: 3,
  BathroomsFull: 2,
  LivingArea: 1500,
  UnparsedAddress: `${i} HISTORY ST`,
  City: 'Austin',
  StateOrProvince: 'TX',
  PostalCode: '78704',
  Latitude: 30.25 + i / 1000,
  Longitude: -97.75 - i / 1000,
});
const sale = (key: string, i: number): Row => ({
  ...house(key, i + 10),
  StandardStatus: 'Closed',
  ClosePrice: 350_000,
  CloseDate: '2025-10-01',
});

describe.each(DATABASES)('days on market and price history on $name', (database) => {
  let t: TestApp;
  let dir: string;
  let token: string;
  /** The database's today and a day `n` days before it (YYYY-MM-DD), and a time `n` days ago. */
  let today: string;
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const at = (n: number, hour = 15) => `${daysAgo(n)}T${hour}:30:00Z`;
  let file = 0;
  const write = (rows: Row[]) => {
    const name = path.join(dir, `feed-${++file}.csv`);
    fs.writeFileSync(name, csv(rows));
    return name;
  };
  const idOf = async (key: string) =>
    (await sql<{ id: string }>`select id from properties where listing_key = ${key}`.execute(t.db)).rows[0].id;
  const property = async (key: string): Promise<Property> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/property/${await idOf(key)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return json(response).data as Property;
  };
  const summaries = async (): Promise<Map<string, PropertySummary>> => {
    const params = new URLSearchParams({ type: 'bounds', zoom: '12', bounds: JSON.stringify(BOX) });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/searchProperties?${params}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const rows = (json(response).data.properties as PropertySummaryRow[]).map(summaryFromRow);
    return new Map(rows.map((s) => [s.PropertyAddressFull as string, s]));
  };
  const stamps = async () =>
    (
      await sql<{ listing_key: string; updated_at: Date }>`
        select listing_key, updated_at from properties order by listing_key`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp(database);
    token = (await signup(t.app)).token;
    today = (await sql<{ d: string }>`select current_date::text as d`.execute(t.db)).rows[0].d;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-history-'));
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The feeds, built once `today` is known.
  const first = (): Row[] => [
    { ...house('H1', 1), ListPrice: 300_000, OnMarketDate: daysAgo(40) },
    // Re-priced before we ever saw it: one history row, at the feed's time.
    {
      ...house('H2', 2),
      ListPrice: 400_000,
      OriginalListPrice: 420_000,
      PriceChangeTimestamp: at(5),
      ListingContractDate: daysAgo(20),
    },
    { ...house('H3', 3), ListPrice: 250_000, DaysOnMarket: 12 },
    // Cumulative days (across relistings) come before the listing's own.
    { ...house('H4', 4), ListPrice: 275_000, DaysOnMarket: 30, CumulativeDaysOnMarket: 75 },
    sale('S1', 1),
    sale('S2', 2),
    { ...house('B1', 5), ListPrice: 200_000, OnMarketDate: 'soon' },
    { ...house('B2', 6), ListPrice: 200_000, DaysOnMarket: -3 },
    { ...house('B3', 7), ListPrice: 200_000, OriginalListPrice: 0 },
    { ...house('B4', 8), ListPrice: 200_000, PriceChangeTimestamp: at(-3), OnMarketDate: '1850-01-01' },
    { ...house('B5', 9), ListPrice: 200_000, PriceChangeTimestamp: '2025-10-01T25:00:00Z', CumulativeDaysOnMarket: 2.5 },
  ];

  it('reads the on-market date, the original price and the change time; rejects bad ones with their reasons', async () => {
    const feed = write(first());
    const summary = await importFile(t.db, feed);
    expect(summary.listings).toEqual({ inserted: 4, updated: 0, unchanged: 0 });
    expect(summary.priceChanges).toBe(1);
    expect(summary.rejected).toBe(5);
    const report = parseCsvRecords(fs.readFileSync(`${feed}.rejected.csv`, 'utf8'));
    expect(report.slice(1).map((r) => [r.fields[0], r.fields[1]])).toEqual([
      ['8', 'OnMarketDate is not a date: "soon"'],
      ['9', 'DaysOnMarket must be at least 0'],
      ['10', 'OriginalListPrice must be at least 1'],
      ['11', `OnMarketDate is before 1900: 1850-01-01; PriceChangeTimestamp is in the future: ${daysAgo(-3)}T15:30:00.000Z`],
      [
        '12',
        'CumulativeDaysOnMarket must be a whole number; PriceChangeTimestamp is not a date and time: "2025-10-01T25:00:00Z"',
      ],
    ]);

    const h1 = await property('H1');
    expect(h1).toMatchObject({
      OnMarketDate: daysAgo(40),
      DaysOnMarket: 40,
      OriginalListPrice: null,
      PriceCutPercent: 0,
      PriceChangedAt: null,
      PriceChangeDays: null,
      priceHistory: [],
    });
    const h2 = await property('H2');
    expect(h2).toMatchObject({
      LatestListingPrice: 400_000,
      OnMarketDate: daysAgo(20),
      DaysOnMarket: 20,
      OriginalListPrice: 420_000,
      PriceCutPercent: 4.8,
      PriceChangedAt: new Date(at(5)).toISOString(),
      PriceChangeDays: 5,
      priceHistory: [{ oldPrice: 420_000, newPrice: 400_000, changedAt: new Date(at(5)).toISOString() }],
    });
    expect(await property('H3')).toMatchObject({ OnMarketDate: daysAgo(12), DaysOnMarket: 12 });
    expect(await property('H4')).toMatchObject({ OnMarketDate: daysAgo(75), DaysOnMarket: 75 });
  });

  it('records each change of a listed price with the old and new price; two imports, two changes each', async () => {
    // Second feed: H1 cut (the feed says when; it never sends OriginalListPrice), H2 cut again (no time
    // given: the import's), H3 and H4 as they were.
    const [h1, h2, h3, h4] = first();
    const second = write([
      { ...h1, ListPrice: 285_000, PriceChangeTimestamp: at(2) },
      { ...h2, ListPrice: 380_000, OriginalListPrice: undefined, PriceChangeTimestamp: undefined },
      h3,
      h4,
    ]);
    const before = Date.now();
    const summary = await importFile(t.db, second);
    expect(summary.listings).toEqual({ inserted: 0, updated: 2, unchanged: 2 });
    expect(summary.priceChanges).toBe(2);
    // Third feed: H1 cut a second time; its PriceChangeTimestamp is older than the change recorded,
    // so the change is dated by the import.
    const third = write([{ ...h1, ListPrice: 270_000, PriceChangeTimestamp: at(2) }]);
    expect((await importFile(t.db, third)).priceChanges).toBe(1);
    const after = Date.now();

    const p1 = await property('H1');
    expect(p1).toMatchObject({
      LatestListingPrice: 270_000,
      DaysOnMarket: 40,
      OriginalListPrice: 300_000, // the price before the first cut seen
      PriceCutPercent: 10,
      PriceChangeDays: 0,
    });
    expect(p1.priceHistory.map(({ oldPrice, newPrice }) => [oldPrice, newPrice])).toEqual([
      [300_000, 285_000],
      [285_000, 270_000],
    ]);
    expect(p1.priceHistory[0].changedAt).toBe(new Date(at(2)).toISOString());
    const cutAt = Date.parse(p1.priceHistory[1].changedAt);
    expect(cutAt).toBeGreaterThanOrEqual(before - 1000);
    expect(cutAt).toBeLessThanOrEqual(after + 1000);
    expect(p1.PriceChangedAt).toBe(p1.priceHistory[1].changedAt);

    const p2 = await property('H2');
    expect(p2).toMatchObject({
      LatestListingPrice: 380_000,
      OriginalListPrice: 420_000,
      PriceCutPercent: 9.5,
      PriceChangeDays: 0,
    });
    expect(p2.priceHistory.map(({ oldPrice, newPrice }) => [oldPrice, newPrice])).toEqual([
      [420_000, 400_000],
      [400_000, 380_000],
    ]);

    // The search's summary rows say the same.
    const rows = await summaries();
    expect(rows.get('1 HISTORY ST')).toMatchObject({ DaysOnMarket: 40, PriceCutPercent: 10, PriceChangeDays: 0 });
    expect(rows.get('2 HISTORY ST')).toMatchObject({ DaysOnMarket: 20, PriceCutPercent: 9.5, PriceChangeDays: 0 });
    expect(rows.get('3 HISTORY ST')).toMatchObject({ DaysOnMarket: 12, PriceCutPercent: 0, PriceChangeDays: null });
    expect(rows.get('4 HISTORY ST')).toMatchObject({ DaysOnMarket: 75, PriceCutPercent: 0, PriceChangeDays: null });
  });

  it('writes nothing for a feed that says the same, or leaves the history fields out', async () => {
    const stored = await stamps();
    const history = (await sql<{ n: number }>`select count(*)::int as n from price_history`.execute(t.db)).rows[0].n;
    const [h1, h2, h3, h4] = first();
    const bare = (r: Row): Row => ({
      ...r,
      OriginalListPrice: undefined,
      PriceChangeTimestamp: undefined,
      OnMarketDate: undefined,
      ListingContractDate: undefined,
      DaysOnMarket: undefined,
      CumulativeDaysOnMarket: undefined,
    });
    for (const rows of [
      [{ ...h1, ListPrice: 270_000, PriceChangeTimestamp: at(2) }, { ...h2, ListPrice: 380_000 }, h3, h4],
      [bare({ ...h1, ListPrice: 270_000 }), bare({ ...h2, ListPrice: 380_000 }), bare(h3), bare(h4)],
    ]) {
      const summary = await importFile(t.db, write(rows));
      expect(summary.listings).toEqual({ inserted: 0, updated: 0, unchanged: 4 });
      expect(summary.priceChanges).toBe(0);
    }
    expect(await stamps()).toEqual(stored);
    expect((await sql<{ n: number }>`select count(*)::int as n from price_history`.execute(t.db)).rows[0].n).toBe(history);
  });

  it('moves the on-market date without recomputing the listing when only its days change', async () => {
    const [, , h3] = first();
    const summary = await importFile(t.db, write([{ ...h3, DaysOnMarket: 15 }]));
    expect(summary.listings).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(summary.recomputed).toBe(0);
    expect(await property('H3')).toMatchObject({ OnMarketDate: daysAgo(15), DaysOnMarket: 15, priceHistory: [] });
  });

  it('a listing that sells takes its price history with it', async () => {
    const id = await idOf('H1');
    const [h1] = first();
    await importFile(t.db, write([{ ...h1, StandardStatus: 'Closed', ClosePrice: 268_000, CloseDate: today }]));
    const left = await sql<{ n: number }>`select count(*)::int as n from price_history where property_id = ${id}`.execute(t.db);
    expect(left.rows[0].n).toBe(0);
  });
});
