/**
 * A feed that never hides listings on partial evidence, on PGlite and PostgreSQL: against servers
 * that page their own way (a `$top` capped at 100 with or without a nextLink, paging by nextLink
 * alone, a `ListingKey gt` filter ignored) every active key is read or the run fails with nothing
 * written; a reconciliation that would take more than 20 % of the listed listings off the map is
 * held back, its message in the runs, the admin status, /healthz and the metrics.
 */
import { metricsRegistry } from '../../../../src/server/lib/metrics/registry';
import { createListingFeedRepository } from '../../../../src/server/modules/listing-feed/repository';
import type { ListingFeedStatus } from '../../../../src/shared/schemas/listing-feed';
import { resoRecords, startResoServer, type ResoServer } from '../../../reso-server';
import { CLIENT, countsOf, createFeedApp, feedOf, mirrorOf, propertyRequests, serverMirror } from './listing-feed-fixtures';
import { ADMIN, bearer, DATABASES, json, login, SETUP_TIMEOUT, type TestApp } from '../../helpers';

jest.setTimeout(120_000);

const isListing = (r: Record<string, unknown>) => r.StandardStatus === 'Active' && r.PropertyType !== 'ResidentialLease';
/** 300 active listings, without their sales and leases (the paging is the question, not the comps). */
const LISTINGS = resoRecords(1600, 5).filter(isListing).slice(0, 300);

const HELD_BACK_GAUGE = 'dealmap_listing_feed_reconciliation_held_back';

async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want));
  return found?.value ?? 0;
}
const failedFeedRuns = () => metricValue('dealmap_job_runs_total', { task: 'listing-feed', outcome: 'failed' });
const okFeedRuns = () => metricValue('dealmap_job_runs_total', { task: 'listing-feed', outcome: 'ok' });

describe.each(DATABASES)('listing feed paging on $name', (database) => {
  let server: ResoServer;
  let t: TestApp;
  beforeAll(async () => {
    expect(LISTINGS).toHaveLength(300);
    // The server: $top capped at 100, a nextLink on each page, `ListingKey gt` ignored.
    server = await startResoServer({ ...CLIENT, pageSize: 100, ignoreKeyAfter: true });
    server.upsert(LISTINGS);
    // The feed asks more than the server gives (1000 a page, 5000 keys a page).
    t = await createFeedApp(database, server, { feed: { pageSize: 1000 } });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  /** The reconciliation's requests for active keys (not the look-ups of missing keys). */
  const keyRequests = () =>
    propertyRequests(server).filter((r) => r.query.select?.join() === 'ListingKey' && r.query.orderby === 'ListingKey');
  const reconcileNow = async () => {
    server.requests.length = 0;
    await feedOf(t).sync('admin', { reconcile: true });
    return feedOf(t).status();
  };
  const listed = async () => (await countsOf(t.db)).listed;
  /** What every server of a cluster reads for the gauge at each scheduled tick. */
  const heldBackInRuns = () => createListingFeedRepository(t.db).lastReconciliationHeldBack();

  it('reads all 300 active keys from a server that caps $top at 100 and ignores ListingKey gt, by its nextLink: none taken off', async () => {
    await feedOf(t).sync('schedule');
    const status = await feedOf(t).status();
    expect(status.runs.map((r) => [r.kind, r.rows, r.added, r.offMarket, r.error])).toEqual([
      ['reconcile', 300, 0, 0, null],
      ['full', 300, 300, 0, null],
    ]);
    expect(status.lastReconciledAt).not.toBeNull();
    // Three pages of keys: the first asked, two by the server's links (none by `ListingKey gt`).
    const pages = keyRequests();
    expect(pages.map((r) => r.rows)).toEqual([100, 100, 100]);
    expect(pages.filter((r) => r.query.filter?.includes('ListingKey gt'))).toEqual([]);
    expect(pages.slice(1).map((r) => r.query.skip)).toEqual([100, 200]);
    expect(await mirrorOf(t.db)).toEqual(serverMirror(server.records()));
  });

  it('pages by nextLink alone when the server ignores $skip: the sync and the reconciliation read every row', async () => {
    server.configure({ nextLinkOnly: true });
    // 150 price cuts: more than one capped page of changes for the incremental sync.
    server.upsert(LISTINGS.slice(0, 150).map((r) => ({ ListingKey: r.ListingKey, ListPrice: (r.ListPrice as number) - 1000 })));
    const status = await reconcileNow();
    expect(status.runs.slice(0, 2).map((r) => [r.kind, r.rows, r.updated, r.offMarket, r.error])).toEqual([
      ['reconcile', 300, 0, 0, null],
      ['incremental', 150, 150, 0, null],
    ]);
    const pages = keyRequests();
    expect(pages.map((r) => r.rows)).toEqual([100, 100, 100]);
    expect(pages.slice(1).every((r) => r.query.skiptoken && r.query.skip === undefined)).toBe(true);
    expect(await mirrorOf(t.db)).toEqual(serverMirror(server.records()));
    server.configure({ nextLinkOnly: false });
  });

  it('reads every key by ListingKey gt from a server that caps $top without a link', async () => {
    server.configure({ nextLink: false, ignoreKeyAfter: false });
    const status = await reconcileNow();
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', rows: 300, offMarket: 0, error: null });
    // Three capped pages, then an empty one after the last key.
    expect(keyRequests().map((r) => r.rows)).toEqual([100, 100, 100, 0]);
    expect(await listed()).toBe(300);
  });

  it('fails, taking nothing off the map, when the server pages by key without a link and ignores ListingKey gt', async () => {
    server.configure({ nextLink: false, ignoreKeyAfter: true });
    const reconciledAt = (await feedOf(t).status()).lastReconciledAt;
    const failed = await failedFeedRuns();
    const status = await reconcileNow();
    const error =
      'The MLS answered the next page of active listings (ListingKey gt the last key read) with 100 rows and no new ListingKey, without an @odata.nextLink: it seems to ignore that filter, so only 100 active listings could be read. The reconciliation stopped and took nothing off the map; it needs a server that pages with @odata.nextLink or honours ListingKey gt.';
    expect(status).toMatchObject({ state: 'failing', lastError: error, lastReconciledAt: reconciledAt });
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', offMarket: 0, error });
    // The same page twice, then the stop: no look-up of "missing" keys, nothing written.
    expect(keyRequests().map((r) => r.rows)).toEqual([100, 100]);
    expect(propertyRequests(server)).toHaveLength(2 + 1); // and the incremental sync's one request
    expect(await listed()).toBe(300);
    expect(await failedFeedRuns()).toBe(failed + 1);
    expect(await metricValue(HELD_BACK_GAUGE)).toBe(0);
    server.configure({ nextLink: true, ignoreKeyAfter: false });
  });

  it('holds back a reconciliation that would take more than 20 % of the listed listings off the map: nothing written, the message shown', async () => {
    const reconciledAt = (await feedOf(t).status()).lastReconciledAt;
    const failed = await failedFeedRuns();
    const gone = LISTINGS.slice(100).map((r) => r.ListingKey as string);
    server.remove(gone, { vanish: true });
    const before = await mirrorOf(t.db);
    const status = await reconcileNow();

    const message =
      'Reconciliation held back: the feed listed 100 active listings and 200 of the 300 on the map would be taken off (67 %, more than the 20 % allowed). Nothing was changed; check the feed (RESO_FILTER, paging) and run it again. If that many really left the market, raise RESO_RECONCILE_MAX_SHARE.';
    expect(status).toMatchObject({ state: 'failing', lastError: message, lastReconciledAt: reconciledAt });
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', rows: 100, added: 0, updated: 0, offMarket: 0, error: message });
    expect(await mirrorOf(t.db)).toEqual(before);
    expect(await listed()).toBe(300);

    // The admin's Listing feed screen and /healthz say it in words.
    const headers = bearer(json(await login(t.app, ADMIN.email, ADMIN.password)).data.token);
    const shown = json<{ data: ListingFeedStatus }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/listing-feed', headers }),
    ).data;
    expect(shown).toMatchObject({ state: 'failing', lastError: message });
    expect(shown.runs[0]).toMatchObject({ kind: 'reconcile', error: message });
    const health = json<{ data: { listingFeed: Record<string, unknown> } }>(
      await t.app.inject({ method: 'GET', url: '/healthz' }),
    ).data.listingFeed;
    expect(health).toMatchObject({ state: 'failing', lastError: message });

    // The metrics: a failed run of the job, and the gauge up until a reconciliation goes through.
    expect(await failedFeedRuns()).toBe(failed + 1);
    expect(await metricValue(HELD_BACK_GAUGE)).toBe(1);
    expect(await heldBackInRuns()).toBe(true);

    // The feed lists them again: the next reconciliation goes through, and the gauge is back to 0.
    const ok = await okFeedRuns();
    server.upsert(LISTINGS.slice(100));
    const after = await reconcileNow();
    expect(after).toMatchObject({ state: 'idle', lastError: null });
    expect(after.runs[0]).toMatchObject({ kind: 'reconcile', rows: 300, offMarket: 0, error: null });
    expect(await metricValue(HELD_BACK_GAUGE)).toBe(0);
    expect(await okFeedRuns()).toBe(ok + 2); // the incremental sync and the reconciliation
    expect(await heldBackInRuns()).toBe(false);
  });

  it('takes listings off the map within the 20 %', async () => {
    const gone = LISTINGS.slice(0, 60).map((r) => r.ListingKey as string);
    server.remove(gone, { vanish: true });
    const status = await reconcileNow();
    expect(status.runs[0]).toMatchObject({ kind: 'reconcile', rows: 240, offMarket: 60, error: null });
    expect(await listed()).toBe(240);
    expect(await mirrorOf(t.db)).toEqual(serverMirror(server.records()));
  });
});
