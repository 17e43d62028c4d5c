/**
 * What the listing feed's tests share: the RESO test server's credentials, an app whose feed points at
 * it, and the database's listings, sales, leases and price history as comparable rows.
 */
import { sql } from 'kysely';
import type { Db } from '../../../../src/server/db/database';
import type { ListingFeed } from '../../../../src/server/modules/listing-feed';
import type { ResoFeedConfig } from '../../../../src/server/lib/reso-feed-config';
import type { BuildAppOptions } from '../../../../src/server/app';
import type { ResoServer } from '../../../reso-server';
import { createTestApp, type TestApp, type TestDatabase } from '../../helpers';

export const CLIENT = { clientId: 'dealmap-test', clientSecret: 'not-a-real-secret' };

/** Quick retries: the tests' faults are cured by the next try. */
export const FAST_RETRY = { attempts: 6, baseDelayMs: 5, maxDelayMs: 40 };

export function feedConfig(server: ResoServer, extra: Partial<ResoFeedConfig> = {}): ResoFeedConfig {
  return {
    apiUrl: server.url,
    tokenUrl: server.tokenUrl,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    syncMinutes: 15,
    ...extra,
  };
}

/** An app on a fresh database whose feed reads `server`, not scheduled (the tests run the syncs). */
export function createFeedApp(
  database: TestDatabase,
  server: ResoServer,
  options: { config?: Partial<ResoFeedConfig>; feed?: BuildAppOptions['listingFeed'] } = {},
): Promise<TestApp> {
  return createTestApp(database, {
    config: { resoFeed: feedConfig(server, options.config) },
    listingFeed: { schedule: false, retry: FAST_RETRY, pageSize: 100, ...options.feed },
  });
}

export const feedOf = (t: TestApp): ListingFeed => {
  const feed = t.app.dealmap.listingFeed;
  if (!feed) throw new Error('the app has no listing feed');
  return feed;
};

/** Everything the feed writes, as rows to compare (ids replaced by the keys they point at; times of writing left out). */
export async function tablesOf(db: Db) {
  const properties = await sql<{ row: Record<string, unknown>; comps: string[] | null; leases: string[] | null }>`
    select to_jsonb(p) - 'id' - 'comp_ids' - 'lease_comp_ids' - 'created_at' - 'updated_at' as row,
      (select array_agg(s.listing_key order by u.n) from unnest(p.comp_ids) with ordinality as u(id, n)
        join sold_comps s on s.id = u.id) as comps,
      (select array_agg(l.listing_key order by u.n) from unnest(p.lease_comp_ids) with ordinality as u(id, n)
        join leases l on l.id = u.id) as leases
    from properties p order by p.listing_key`.execute(db);
  const sold = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(s) - 'id' - 'created_at' - 'updated_at' as row from sold_comps s order by s.listing_key`.execute(db);
  const leases = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(l) - 'id' - 'created_at' - 'updated_at' as row from leases l order by l.listing_key`.execute(db);
  // The value estimate's comps by the keys of the sales they are.
  const soldKeys = new Map(
    (await sql<{ id: string; key: string }>`select id, listing_key as key from sold_comps`.execute(db)).rows.map((r) => [
      r.id,
      r.key,
    ]),
  );
  for (const { row } of properties.rows) {
    const value = row.value_estimate as { comps: Array<{ _id: string }> } | null;
    if (value) value.comps = value.comps.map(({ _id, ...comp }) => ({ ...comp, _id: soldKeys.get(_id) ?? _id }));
  }
  const history = await sql<{ key: string; old_price: number; new_price: number; changed_at: Date }>`
    select p.listing_key as key, h.old_price, h.new_price, h.changed_at from price_history h join properties p on p.id = h.property_id
    order by p.listing_key, h.changed_at, h.new_price`.execute(db);
  return {
    properties: properties.rows,
    sold: sold.rows.map((r) => r.row),
    leases: leases.rows.map((r) => r.row),
    history: history.rows,
  };
}

/** How many listings, listed ones, sales, leases and price changes the database holds. */
export async function countsOf(db: Db) {
  const r = await sql<{ listings: number; listed: number; sold: number; leases: number; changes: number; dirty: number }>`
    select (select count(*)::int from properties) as listings,
      (select count(*)::int from properties where off_market_at is null) as listed,
      (select count(*)::int from sold_comps) as sold,
      (select count(*)::int from leases) as leases,
      (select count(*)::int from price_history) as changes,
      (select count(*)::int from properties where needs_recompute) as dirty`.execute(db);
  return r.rows[0];
}

/** What the server's records say the database should hold. */
export function expectedCounts(records: ReadonlyArray<Record<string, unknown>>) {
  const lease = (r: Record<string, unknown>) => r.PropertyType === 'ResidentialLease';
  const active = records.filter((r) => r.StandardStatus === 'Active' && !lease(r)).length;
  const closed = records.filter((r) => r.StandardStatus === 'Closed' && !lease(r)).length;
  const leases = records.filter((r) => r.StandardStatus === 'Closed' && lease(r)).length;
  return { active, closed, leases };
}

/** The Property requests the server answered (not $metadata, not the token). */
/**
 * A sync's `pause` (after each page written, and between recomputation batches) that runs, once, the
 * hook a test queued: a fault put in there meets the sync in its middle.
 */
export function betweenPages() {
  let queued: (() => unknown) | null = null;
  return {
    /** Runs `hook` at the next pause before a write (awaited when it returns a promise). */
    queue: (hook: () => unknown) => {
      queued = hook;
    },
    pause: async () => {
      const hook = queued;
      queued = null;
      await hook?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

export const propertyRequests = (server: ResoServer) => server.requests.filter((r) => r.path.endsWith('/Property'));

/**
 * Whether the database mirrors the server: each Active listing with its price (listed, or off market
 * when `offMarket` names it), each closed sale and lease, and nothing else.
 */
export async function mirrorOf(db: Db) {
  const r = await sql<{ listings: string | null; sold: string | null; leases: string | null }>`
    select (select json_object_agg(listing_key, list_price) from properties where off_market_at is null)::text as listings,
      (select json_agg(listing_key order by listing_key) from sold_comps)::text as sold,
      (select json_agg(listing_key order by listing_key) from leases)::text as leases`.execute(db);
  const row = r.rows[0];
  return {
    listings: row.listings ? (JSON.parse(row.listings) as Record<string, number>) : {},
    sold: row.sold ? (JSON.parse(row.sold) as string[]) : [],
    leases: row.leases ? (JSON.parse(row.leases) as string[]) : [],
  };
}

/** What mirrorOf should find for the server's records. */
export function serverMirror(records: ReadonlyArray<Record<string, unknown>>) {
  const lease = (r: Record<string, unknown>) => r.PropertyType === 'ResidentialLease';
  const keys = (rows: ReadonlyArray<Record<string, unknown>>) => rows.map((r) => r.ListingKey as string).sort();
  return {
    listings: Object.fromEntries(
      records
        .filter((r) => r.StandardStatus === 'Active' && !lease(r))
        .map((r) => [r.ListingKey as string, r.ListPrice as number]),
    ),
    sold: keys(records.filter((r) => r.StandardStatus === 'Closed' && !lease(r))),
    leases: keys(records.filter((r) => r.StandardStatus === 'Closed' && lease(r))),
  };
}
