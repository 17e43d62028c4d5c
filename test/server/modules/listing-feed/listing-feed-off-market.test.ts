/**
 * Listings that leave the MLS feed (issue 30), on PGlite and PostgreSQL: a row of another status
 * (Withdrawn, a deleted record) marks the listing off market; the daily reconciliation marks those
 * gone without a row; a marked listing is on no map search, cluster, top list, returns heat map or
 * alert, its page still opens and says why and since when; an Active row lists it again.
 */
import { sql } from 'kysely';
import { runMatchingPass } from '../../../../src/server/modules/alerts';
import { clustersQuery } from '../../../../src/server/modules/properties/search-clusters';
import { startResoServer, resoRecords, type ResoServer } from '../../../reso-server';
import { recordPriceChange, saveSearch } from '../alerts/alerts-fixtures';
import { CLIENT, createFeedApp, feedOf, mirrorOf, propertyRequests, serverMirror } from './listing-feed-fixtures';
import { bearer, DATABASES, json, searchProperties, SETUP_TIMEOUT, signup, type TestApp } from '../../helpers';

jest.setTimeout(180_000);

describe.each(DATABASES)('listings off market on $name', (database) => {
  let server: ResoServer;
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signup>>;
  beforeAll(async () => {
    server = await startResoServer({ ...CLIENT, pageSize: 200 });
    server.upsert(resoRecords(600, 5));
    t = await createFeedApp(database, server, { feed: { pageSize: 200 } });
    await feedOf(t).sync('schedule');
    user = await signup(t.app);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const activeListings = () =>
    server.records().filter((r) => r.StandardStatus === 'Active' && r.PropertyType !== 'ResidentialLease');
  const idOf = async (key: string) =>
    (await sql<{ id: string }>`select id from properties where listing_key = ${key}`.execute(t.db)).rows[0].id;
  /** A box of about a mile around a listing. */
  const around = (r: Record<string, unknown>) => {
    const lat = r.Latitude as number;
    const lng = r.Longitude as number;
    return { ne: { lat: lat + 0.02, lng: lng + 0.02 }, sw: { lat: lat - 0.02, lng: lng - 0.02 } };
  };
  /** What each search type says of the listing's neighbourhood: ids of the pages and the top list, cluster and returns totals. */
  const searches = async (bounds: ReturnType<typeof around>) => {
    const b = JSON.stringify(bounds);
    const page = json<{ data: { properties: Array<[string]> } }>(
      await searchProperties(t.app, user.token, { type: 'bounds', zoom: 15, bounds: b, limit: 1000 }),
    ).data;
    const top = json<{ data: { properties: Array<[string]>; total: number } }>(
      await searchProperties(t.app, user.token, { type: 'top', zoom: 15, bounds: b }),
    ).data;
    const clusters = json<{ data: { total: number } }>(
      await searchProperties(t.app, user.token, { type: 'clusters', zoom: 12, bounds: b }),
    ).data;
    const returns = json<{ data: { cells: Array<{ count: number }> } }>(
      await searchProperties(t.app, user.token, { type: 'returns', zoom: 12, bounds: b, strategy: 'fixFlip' }),
    ).data;
    return {
      ids: page.properties.map((p) => p[0]),
      top: top.properties.map((p) => p[0]),
      topTotal: top.total,
      clusters: clusters.total,
      returns: returns.cells.reduce((n, c) => n + c.count, 0),
    };
  };
  const property = async (id: string) =>
    json<{ data: { offMarket?: { since: string; status: string } | null } }>(
      await t.app.inject({ method: 'GET', url: `/api/v1/auth/property/${id}`, headers: bearer(user.token) }),
    ).data;

  it('takes a withdrawn listing off every search, keeps its page with the mark, and lists it again when it is Active', async () => {
    const listing = activeListings()[0];
    const key = listing.ListingKey as string;
    const id = await idOf(key);
    const bounds = around(listing);
    const before = await searches(bounds);
    expect(before.ids).toContain(id);
    expect(before.top).toContain(id);
    expect((await property(id)).offMarket).toBeNull();

    server.upsert([{ ListingKey: key, StandardStatus: 'Withdrawn', StatusChangeTimestamp: '2025-11-27T15:00:00Z' }]);
    await feedOf(t).sync('schedule');
    expect((await feedOf(t).status()).runs[0]).toMatchObject({ kind: 'incremental', rows: 1, offMarket: 1, rejected: 0 });

    const after = await searches(bounds);
    expect(after.ids).not.toContain(id);
    expect(after.top).not.toContain(id);
    expect(after).toMatchObject({
      ids: before.ids.filter((x) => x !== id),
      topTotal: before.topTotal - 1,
      clusters: before.clusters - 1,
    });
    expect(after.returns).toBeLessThanOrEqual(before.returns);
    const copied = await sql<{ n: number }>`select count(*)::int as n from property_returns where id = ${id}`.execute(t.db);
    expect(copied.rows[0].n).toBe(0);
    expect((await property(id)).offMarket).toEqual({ since: '2025-11-27T15:00:00.000Z', status: 'Withdrawn' });

    // Relisted: the same key Active again.
    server.upsert([{ ListingKey: key, StandardStatus: 'Active' }]);
    await feedOf(t).sync('schedule');
    expect((await feedOf(t).status()).runs[0]).toMatchObject({ kind: 'incremental', rows: 1, updated: 1, offMarket: 0 });
    expect(await searches(bounds)).toEqual(before);
    expect((await property(id)).offMarket).toBeNull();
  });

  it('keeps the map search index-only: the clusters read the partial properties_map_idx', async () => {
    const { sql: text, parameters } = clustersQuery(t.db, around(activeListings()[0]), {}, 12).compile();
    const plan = await t.db.transaction().execute(async (trx) => {
      // The tests' tables are small enough for a sequential scan: the question is whether the index serves.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return sql
        .raw<{ 'QUERY PLAN': string }>(
          `explain ${text}`.replace(/\$(\d+)/g, (_m, n: string) => {
            const value = parameters[Number(n) - 1];
            return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
          }),
        )
        .execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using properties_map_idx/);
  });

  it('marks a record deleted at the source', async () => {
    const gone = activeListings()[1];
    const goneId = await idOf(gone.ListingKey as string);
    server.remove([gone.ListingKey as string]);
    await feedOf(t).sync('schedule');
    expect((await feedOf(t).status()).runs[0]).toMatchObject({ kind: 'incremental', rows: 1, offMarket: 1 });
    expect((await property(goneId)).offMarket).toMatchObject({ status: 'Deleted' });
  });

  it('leaves an off-market listing out of the alerts', async () => {
    const [, , off, cut] = activeListings();
    const [offId, cutId] = [await idOf(off.ListingKey as string), await idOf(cut.ListingKey as string)];
    const search = await saveSearch(t.db, user.user._id, {
      south: Math.min(off.Latitude as number, cut.Latitude as number) - 0.01,
      north: Math.max(off.Latitude as number, cut.Latitude as number) + 0.01,
      west: Math.min(off.Longitude as number, cut.Longitude as number) - 0.01,
      east: Math.max(off.Longitude as number, cut.Longitude as number) + 0.01,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Both cut after the search was saved (written here, so no alert pass runs between the steps);
    // one is off market by the time the matcher looks.
    for (const r of [off, cut]) {
      const price = r.ListPrice as number;
      await sql`update properties set list_price = ${price - 10_000} where listing_key = ${r.ListingKey}`.execute(t.db);
      await recordPriceChange(t.db, r.ListingKey as string, price, price - 10_000);
    }
    await sql`update properties set off_market_at = now(), off_market_status = 'Withdrawn' where id = ${offId}`.execute(t.db);
    await runMatchingPass(t.db, { kind: database.name, now: new Date() });
    const matches = await sql<{ property_id: string; reason: string }>`
      select property_id, reason from alert_matches where search_id = ${search}`.execute(t.db);
    expect(matches.rows).toEqual([{ property_id: cutId, reason: 'price_cut' }]);
    // The feed says the same from now on.
    server.upsert([
      { ListingKey: off.ListingKey, ListPrice: (off.ListPrice as number) - 10_000, StandardStatus: 'Withdrawn' },
      { ListingKey: cut.ListingKey, ListPrice: (cut.ListPrice as number) - 10_000 },
    ]);
  });

  it('reconciles: a listing gone from the feed without a row, or one whose change it missed, leaves the map', async () => {
    const [vanished, expired] = activeListings().slice(4);
    const vanishedId = await idOf(vanished.ListingKey as string);
    const expiredId = await idOf(expired.ListingKey as string);
    server.remove([vanished.ListingKey as string], { vanish: true });
    // A change older than the cursor: the incremental sync cannot see it, the reconciliation can.
    server.upsert([{ ListingKey: expired.ListingKey, StandardStatus: 'Expired', ModificationTimestamp: '2020-01-01T00:00:00Z' }]);
    server.requests.length = 0;
    await feedOf(t).sync('schedule');
    expect((await property(vanishedId)).offMarket).toBeNull();
    expect((await property(expiredId)).offMarket).toBeNull();

    server.requests.length = 0;
    await feedOf(t).sync('schedule', { reconcile: true });
    const status = await feedOf(t).status();
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', offMarket: 2, rejected: 0, error: null });
    expect(status.runs[0].rows).toBe(activeListings().length);
    expect(status.lastReconciledAt).not.toBeNull();
    // The active keys by key order, then the two missing keys looked up.
    const requests = propertyRequests(server);
    expect(
      requests.some((r) => r.query.select?.join() === 'ListingKey' && r.query.filter?.startsWith("StandardStatus eq 'Active'")),
    ).toBe(true);
    expect((await property(vanishedId)).offMarket).toMatchObject({ status: 'Not in feed' });
    expect((await property(expiredId)).offMarket).toMatchObject({ status: 'Expired' });
    expect(await mirrorOf(t.db)).toEqual(serverMirror(server.records()));
  });

  it('refuses a reconciliation whose list of active listings is empty, and takes nothing off the map', async () => {
    const listed = Object.keys((await mirrorOf(t.db)).listings).length;
    server.remove(
      activeListings().map((r) => r.ListingKey as string),
      { vanish: true },
    );
    await feedOf(t).sync('schedule', { reconcile: true });
    const status = await feedOf(t).status();
    expect(status.state).toBe('failing');
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', offMarket: 0 });
    expect(status.lastError).toBe(
      `The MLS lists no active listing: none of our ${listed} listings was taken off the map. Check RESO_FILTER and the MLS's service.`,
    );
    expect(Object.keys((await mirrorOf(t.db)).listings)).toHaveLength(listed);
  });
});
