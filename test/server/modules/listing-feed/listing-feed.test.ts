/**
 * The MLS listing feed (issue 30) against the RESO test server (test/reso-server), on PGlite and
 * PostgreSQL: the first full sync equals the same rows imported from a file; a change arrives on the
 * next sync, which asks only for what changed since the cursor; every fault of the server is
 * survived with nothing lost or written twice; requests are answered while a sync runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { importFile } from '../../../../src/server/modules/feed-import';
import { startResoServer, resoRecords, type ResoFault, type ResoServer } from '../../../reso-server';
import {
  betweenPages,
  CLIENT,
  countsOf,
  createFeedApp,
  expectedCounts,
  feedOf,
  mirrorOf,
  propertyRequests,
  serverMirror,
  tablesOf,
} from './listing-feed-fixtures';
import { createTestApp, DATABASES, SETUP_TIMEOUT, type TestApp } from '../../helpers';

jest.setTimeout(180_000);

/** About 300 listings with their sales and leases (seed 3 of the demo feed). */
const RECORDS = resoRecords(1200, 3);
const PAGE = 100;

const cursorFilter = (modifiedAt: string, key: string) =>
  `(ModificationTimestamp gt ${modifiedAt} or (ModificationTimestamp eq ${modifiedAt} and ListingKey gt '${key}'))`;

describe.each(DATABASES)('listing feed on $name', (database) => {
  const between = betweenPages();
  let server: ResoServer;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-feed-'));
    server = await startResoServer({ ...CLIENT, pageSize: PAGE });
    server.upsert(RECORDS);
    t = await createFeedApp(database, server, {
      feed: {
        timeoutMs: 2000,
        pause: between.pause,
      },
    });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const listings = () => server.records().filter((r) => r.StandardStatus === 'Active' && r.PropertyType !== 'ResidentialLease');

  it('pulls the whole feed at first, and it equals the same rows imported from a file', async () => {
    await feedOf(t).sync('schedule');
    const status = await feedOf(t).status();
    expect(status).toMatchObject({
      configured: true,
      serviceUrl: server.url,
      state: 'idle',
      lastError: null,
      failingSince: null,
    });
    const full = status.runs.find((r) => r.kind === 'full')!;
    expect(full).toMatchObject({ trigger: 'schedule', rows: RECORDS.length, rejected: 0, offMarket: 0, error: null });
    expect(full.added).toBe(RECORDS.length);
    // The first sync of the day reconciles too: nothing is missing.
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', offMarket: 0, error: null });
    const last = server.records().at(-1)!;
    expect(status.cursor).toEqual({
      modifiedAt: new Date(last.ModificationTimestamp as string).toISOString(),
      listingKey: last.ListingKey,
    });

    const first = propertyRequests(server)[0];
    expect(first.query).toMatchObject({ orderby: 'ModificationTimestamp,ListingKey', top: PAGE, count: true });
    expect(first.query.filter).toBeUndefined();
    expect(first.query.select).toEqual(
      expect.arrayContaining(['ListingKey', 'ModificationTimestamp', 'OriginalListPrice', 'OnMarketDate']),
    );

    const file = path.join(dir, 'feed.jsonl');
    fs.writeFileSync(file, `${RECORDS.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const fromFile = await createTestApp(database);
    try {
      const summary = await importFile(fromFile.db, file);
      expect(summary.rejected).toBe(0);
      expect(await tablesOf(t.db)).toEqual(await tablesOf(fromFile.db));
    } finally {
      await fromFile.close();
    }
    const expected = expectedCounts(server.records());
    expect(await countsOf(t.db)).toMatchObject({
      listings: expected.active,
      sold: expected.closed,
      leases: expected.leases,
      dirty: 0,
    });
  });

  it('brings a price cut, a sale and a new lease on the next sync, asking only for what changed', async () => {
    const [cut, sold] = listings();
    const newest = server.records().at(-1)!;
    const cutPrice = Math.round((cut.ListPrice as number) * 0.95);
    const countsBefore = await countsOf(t.db);
    // The sold listing's price history goes with it (ON DELETE CASCADE, as from a file).
    const soldHistory = await sql<{
      n: number;
    }>`select count(*)::int as n from price_history h join properties p on p.id = h.property_id
      where p.listing_key = ${sold.ListingKey}`.execute(t.db);
    server.requests.length = 0;
    server.upsert([
      { ListingKey: cut.ListingKey, ListPrice: cutPrice },
      { ListingKey: sold.ListingKey, StandardStatus: 'Closed', ClosePrice: sold.ListPrice, CloseDate: '2025-11-15' },
      {
        ListingKey: 'NEW-LEASE-1',
        PropertyType: 'ResidentialLease',
        StandardStatus: 'Closed',
        ClosePrice: 2150,
        CloseDate: '2025-11-10',
        BedroomsTotal: 3,
        BathroomsFull: 2,
        LivingArea: 1500,
        UnparsedAddress: '12 Lease Lane',
        City: cut.City,
        StateOrProvince: cut.StateOrProvince,
        PostalCode: cut.PostalCode,
        Latitude: cut.Latitude,
        Longitude: cut.Longitude,
      },
    ]);
    await feedOf(t).sync('schedule');

    // One request, for the rows after the cursor: the three changed ones.
    const requests = propertyRequests(server);
    expect(requests.map((r) => [r.query.filter, r.rows, r.status])).toEqual([
      [cursorFilter(newest.ModificationTimestamp as string, newest.ListingKey as string), 3, 200],
    ]);
    const status = await feedOf(t).status();
    expect(status.runs[0]).toMatchObject({ kind: 'incremental', rows: 3, added: 2, updated: 1, rejected: 0, error: null });

    const after = await countsOf(t.db);
    expect(after).toEqual({
      ...countsBefore,
      listings: countsBefore.listings - 1,
      listed: countsBefore.listed - 1,
      sold: countsBefore.sold + 1,
      leases: countsBefore.leases + 1,
      changes: countsBefore.changes + 1 - soldHistory.rows[0].n,
    });
    const listing = await sql<{ list_price: number; cut: number; old_price: number }>`
      select p.list_price, p.price_cut_percent as cut, h.old_price from properties p
      join price_history h on h.property_id = p.id and h.new_price = p.list_price
      where p.listing_key = ${cut.ListingKey}`.execute(t.db);
    expect(listing.rows).toEqual([{ list_price: cutPrice, cut: expect.any(Number), old_price: cut.ListPrice }]);
    const sale = await sql<{
      close_price: number;
    }>`select close_price from sold_comps where listing_key = ${sold.ListingKey}`.execute(t.db);
    expect(sale.rows).toEqual([{ close_price: sold.ListPrice }]);
    const lease = await sql<{ rent: number }>`select rent from leases where listing_key = 'NEW-LEASE-1'`.execute(t.db);
    expect(lease.rows).toEqual([{ rent: 2150 }]);

    // Nothing new: one request, no rows, nothing written.
    server.requests.length = 0;
    await feedOf(t).sync('schedule');
    expect(propertyRequests(server).map((r) => r.rows)).toEqual([0]);
    expect((await feedOf(t).status()).runs[0]).toMatchObject({ kind: 'incremental', rows: 0, added: 0, updated: 0 });
  });

  /** Cuts the price of 250 listings (three pages) at the server; their keys and new prices. */
  const cutPrices = () => {
    const changed = listings()
      .slice(0, 250)
      .map((r) => ({ ListingKey: r.ListingKey as string, ListPrice: (r.ListPrice as number) - 1000 }));
    server.upsert(changed);
    return changed;
  };
  const pricesOf = async (keys: string[]) => {
    const r = await sql<{ listing_key: string; list_price: number }>`
      select listing_key, list_price from properties where listing_key = any(${keys}) order by listing_key`.execute(t.db);
    return Object.fromEntries(r.rows.map((row) => [row.listing_key, row.list_price]));
  };
  const tokenRequests = () => server.requests.filter((r) => r.path === '/oauth2/token').length;

  const FAULTS: Array<[string, () => ResoFault, (elapsedMs: number, tokensFetched: number) => void]> = [
    [
      'a 429 with Retry-After (seconds)',
      () => ({ kind: 'status', status: 429, retryAfter: 1 }),
      (ms) => expect(ms).toBeGreaterThanOrEqual(1000),
    ],
    [
      'a 503 with Retry-After (an HTTP date)',
      () => ({ kind: 'status', status: 503, retryAfter: new Date(Date.now() + 2000).toUTCString() }),
      (ms) => expect(ms).toBeGreaterThanOrEqual(900),
    ],
    ['a 500', () => ({ kind: 'status', status: 500 }), () => undefined],
    ['a malformed page', () => ({ kind: 'malformed' }), () => undefined],
    ['an expired token', () => ({ kind: 'expire-token' }), (_ms, tokens) => expect(tokens).toBe(1)],
    ['a connection dropped mid-page', () => ({ kind: 'drop' }), () => undefined],
    [
      'a page that never comes (the request timeout)',
      () => ({ kind: 'stall', ms: 6000 }),
      (ms) => expect(ms).toBeGreaterThanOrEqual(2000),
    ],
  ];

  it.each(FAULTS)('survives %s in the middle of a sync: nothing lost, nothing written twice', async (_name, fault, check) => {
    const changesBefore = (await countsOf(t.db)).changes;
    const changed = cutPrices();
    server.requests.length = 0;
    between.queue(() => server.fault(fault()));
    const started = Date.now();
    await feedOf(t).sync('schedule');
    const elapsed = Date.now() - started;

    const faulted = propertyRequests(server).filter((r) => r.fault);
    expect(faulted).toHaveLength(1);
    check(elapsed, tokenRequests());
    const status = await feedOf(t).status();
    expect(status).toMatchObject({ state: 'idle', lastError: null, failingSince: null });
    expect(status.runs[0]).toMatchObject({ kind: 'incremental', rows: 250, added: 0, updated: 250, rejected: 0, error: null });
    // Each cut recorded once, every listing at the server's price.
    expect((await countsOf(t.db)).changes).toBe(changesBefore + 250);
    expect(await pricesOf(changed.map((c) => c.ListingKey))).toEqual(
      Object.fromEntries(changed.map((c) => [c.ListingKey, c.ListPrice])),
    );
  });

  it('records a failure that outlasts the retries, and the next sync resumes from the cursor of the last page written', async () => {
    const changesBefore = (await countsOf(t.db)).changes;
    const changed = cutPrices();
    server.requests.length = 0;
    between.queue(() => server.fault({ kind: 'status', status: 500 }, 6));
    await feedOf(t).sync('schedule');
    const failed = await feedOf(t).status();
    expect(failed.state).toBe('failing');
    expect(failed.lastError).toMatch(/^The MLS answered HTTP 500: An internal error occurred\. \(.*\/Property\) \(6 tries\)$/);
    expect(failed.failingSince).not.toBeNull();
    // The pages before the faults are written (the second was asked for while the first was written:
    // the faults met the third), the cursor at the last row of the last of them.
    const written = failed.runs[0].rows;
    expect(written % PAGE).toBe(0);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(250);
    expect(failed.runs[0]).toMatchObject({ kind: 'incremental', updated: written, error: failed.lastError });
    const cursor = await sql<{
      at: string;
      key: string;
    }>`select cursor_modified_at as at, cursor_listing_key as key from listing_feed`.execute(t.db);
    const lastWritten = server.records().find((r) => r.ListingKey === changed[written - 1].ListingKey)!;
    expect(cursor.rows[0]).toEqual({ at: lastWritten.ModificationTimestamp, key: lastWritten.ListingKey });
    expect((await countsOf(t.db)).changes).toBe(changesBefore + written);

    server.requests.length = 0;
    await feedOf(t).sync('schedule');
    const first = propertyRequests(server)[0];
    expect(first.query.filter).toBe(cursorFilter(cursor.rows[0].at, cursor.rows[0].key));
    const status = await feedOf(t).status();
    expect(status).toMatchObject({ state: 'idle', lastError: null, failingSince: null });
    expect(status.runs[0]).toMatchObject({ kind: 'incremental', rows: 250 - written, updated: 250 - written, error: null });
    expect((await countsOf(t.db)).changes).toBe(changesBefore + 250);
    expect(await pricesOf(changed.map((c) => c.ListingKey))).toEqual(
      Object.fromEntries(changed.map((c) => [c.ListingKey, c.ListPrice])),
    );
  });

  it('answers requests while it syncs, and /healthz says how far it is', async () => {
    cutPrices();
    let syncing = 0;
    let answered = 0;
    const done = feedOf(t).sync('schedule');
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      answered++;
      const feed = response.json<{
        data: { listingFeed: { state: string; progress: { done: number; total: number | null } | null } };
      }>().data.listingFeed;
      if (feed.state === 'syncing') {
        syncing++;
        expect(feed.progress).not.toBeNull();
      }
    }
    await done;
    expect(answered).toBeGreaterThan(1);
    expect(syncing).toBeGreaterThan(0);
  });
});

describe.each(DATABASES)('listing feed from a server without next links, on $name', (database) => {
  let server: ResoServer;
  let t: TestApp;
  const between = betweenPages();
  beforeAll(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: PAGE, nextLink: false });
    server.upsert(resoRecords(500, 11));
    t = await createFeedApp(database, server, {
      feed: { pause: between.pause },
    });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('pages with $skip, one row early, and starts again from the cursor when a change shifts the rows under it', async () => {
    // After the first page is written, a listing it held changes: it moves to the end, and every
    // row after it shifts back by one under the $skip.
    const pageRequests = () => propertyRequests(server).filter((r) => !r.query.select?.every((f) => f === 'ListingKey'));
    between.queue(async () => {
      // The second page's request is sent while the first is written; the change comes after the
      // server has answered it, however slowly the machine runs.
      const deadline = Date.now() + 10_000;
      while (pageRequests().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      const moved = server.records().find((r) => r.StandardStatus === 'Active' && r.PropertyType !== 'ResidentialLease')!;
      server.upsert([{ ListingKey: moved.ListingKey, ListPrice: (moved.ListPrice as number) + 5000 }]);
    });
    await feedOf(t).sync('schedule');
    const requests = pageRequests();
    const skips = requests.map((r) => r.query.skip ?? 0);
    // 0, then 99 (one row early; asked for while the first page was written, before the change),
    // then 198, which met a shifted row: from the cursor again (0), then 99…
    expect(skips.slice(0, 5)).toEqual([0, PAGE - 1, 2 * PAGE - 2, 0, PAGE - 1]);
    expect(requests[0].query.filter).toBeUndefined();
    expect(requests[3].query.filter).toMatch(/^\(ModificationTimestamp gt /);
    expect((await feedOf(t).status()).runs.find((r) => r.kind === 'full')).toMatchObject({ error: null, rejected: 0 });
    expect(await mirrorOf(t.db)).toEqual(serverMirror(server.records()));
  });
});
