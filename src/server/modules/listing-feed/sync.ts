import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { RECONCILE_MAX_SHARE } from '../../lib/reso-feed-config';
import { DEFAULT_IMPORT_BATCH, FeedRows, writeFeedRows, type FeedWriteCounts } from '../feed-import';
import { countListed, fromReso, listedKeysNotIn, NOT_IN_FEED, type OffMarketRecord, type ResoRecord } from '../listings';
import type { FeedCursor } from './odata';
import { activeListingKeys, propertyPages, rowsOfKeys } from './pages';
import { createListingFeedRepository, HELD_BACK, NO_ACTIVE_LISTING, type RunCounts } from './repository';
import type { ResoClient } from './reso-client';

/**
 * A run's work, inside the feed's cluster lock (feed.ts runs it): the replication of the rows after
 * the cursor, or the daily reconciliation. docs/listings.md, "Connecting an MLS".
 */

export type FeedLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface RunContext {
  db: Db;
  client: ResoClient;
  /** The fields to $select (what the importer maps, of those the server has). */
  select: readonly string[];
  /** RESO_FILTER. */
  filter?: string;
  /** Rows asked per page. */
  pageSize: number;
  log?: FeedLog;
  /** Between pages: the server's requests go first (on PGlite, one connection for all). */
  pause: () => Promise<void>;
  /** The app is closing: stop after the page being written. */
  shouldStop: () => boolean;
  /** The most of the listed listings one reconciliation may take off the map (RESO_RECONCILE_MAX_SHARE; default RECONCILE_MAX_SHARE). */
  maxTakeOffShare?: number;
  /** Rows a write of the run added, updated or took off the map (the run's metrics). */
  onWritten?: (rows: number) => void;
}

/**
 * A reconciliation that would have taken off the map more of the listed listings than the feed
 * allows (or all of them): nothing was written, and the message says so in words.
 */
export class ReconciliationHeldBack extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReconciliationHeldBack';
  }
}

/** The app closed during the run: the pages written stay, the cursor with them. */
export class RunStopped extends Error {
  constructor() {
    super('Stopped: the server is shutting down');
  }
}

/** What a batch's writes count in a run: new rows, changed rows, listings taken off the map. */
function runCounts(rows: number, rejected: number, w: FeedWriteCounts): RunCounts {
  return {
    rows,
    added: w.listings.inserted + w.sold.inserted + w.leases.inserted,
    updated: w.listings.updated + w.sold.updated + w.leases.updated,
    rejected,
    offMarket: w.offMarket,
  };
}

/** A row the importer refused, for the log: its ListingKey and why. */
function rejectedLine(raw: Record<string, unknown>, reasons: string[]): string {
  const key = typeof raw.ListingKey === 'string' && raw.ListingKey ? raw.ListingKey : '(no ListingKey)';
  return `${key}: ${reasons.join('; ')}`;
}

/** The rows through the importer's mapping: those it accepts, and a line for each it refuses. */
function mapRows(rows: ReadonlyArray<Record<string, unknown>>): { records: ResoRecord[]; rejected: string[] } {
  const records: ResoRecord[] = [];
  const rejected: string[] = [];
  for (const raw of rows) {
    const parsed = fromReso(raw);
    if (parsed.ok) records.push(parsed.value);
    else rejected.push(rejectedLine(raw, parsed.reasons));
  }
  return { records, rejected };
}

const batchOf = (records: readonly ResoRecord[]) => {
  const batch = new FeedRows();
  for (const record of records) batch.add(record);
  return batch;
};

function logRejected(log: FeedLog | undefined, rejected: string[]): void {
  if (rejected.length)
    log?.warn(`Listing feed: ${rejected.length} row${rejected.length > 1 ? 's' : ''} rejected: ${rejected.join(' | ')}`);
}

/** Pages read and mapped, not written yet. */
interface Unwritten {
  records: ResoRecord[];
  rows: number;
  rejected: string[];
  cursor: FeedCursor | null;
}

/**
 * Replicates the rows after `after` (all of them when null) into run `runId`: each page through the
 * importer's mapping and batch write, in one transaction with the run's counts and the cursor (the
 * page's last row). Returns whether anything was written (then the caller recomputes what changed).
 *
 * A page is written while the next one is mapped (and the one after fetched): one write at a time, in
 * order, as the file import does with its batches. Pages that arrive while a write runs are written
 * together by the next, up to a file import's batch (the cursor then that of the last of them): a
 * transaction, and each of its statements, costs the same for a hundred rows as for a thousand.
 */
export async function replicate(ctx: RunContext, runId: number, after: FeedCursor | null): Promise<boolean> {
  const { db, log } = ctx;
  let totalKnown = false;
  let wrote = false;
  let unwritten: Unwritten | null = null;
  let writing: Promise<void> | null = null;
  let writeDone = true;
  const write = async (pages: Unwritten) => {
    const counts = await db.transaction().execute(async (trx) => {
      const w = await writeFeedRows(trx, batchOf(pages.records));
      await createListingFeedRepository(trx).recordPage(runId, pages.cursor, runCounts(pages.rows, pages.rejected.length, w));
      return w;
    });
    logRejected(log, pages.rejected);
    const c = runCounts(pages.rows, pages.rejected.length, counts);
    ctx.onWritten?.(c.added + c.updated + c.offMarket);
    if (c.added || c.updated || c.offMarket || counts.removedListings) wrote = true;
  };
  /** Waits for the write under way, then starts writing what was read since. */
  const flush = async () => {
    if (writing) await writing;
    writing = null;
    if (!unwritten) return;
    if (ctx.shouldStop()) throw new RunStopped();
    await ctx.pause();
    const pages: Unwritten = unwritten;
    unwritten = null;
    writeDone = false;
    writing = write(pages).finally(() => (writeDone = true));
    writing.catch(() => undefined); // awaited at the next flush, or below
  };
  try {
    for await (const page of propertyPages(ctx.client, { after, filter: ctx.filter, select: ctx.select, top: ctx.pageSize })) {
      if (!totalKnown && page.total !== null) {
        totalKnown = true;
        await createListingFeedRepository(db).setRunTotal(runId, page.total);
      }
      const { records, rejected } = mapRows(page.rows);
      const u: Unwritten = unwritten ?? { records: [], rows: 0, rejected: [], cursor: null };
      for (const record of records) u.records.push(record);
      u.rejected.push(...rejected);
      u.rows += page.rows.length;
      u.cursor = page.cursor ?? u.cursor;
      unwritten = u;
      if (!writeDone && u.rows < DEFAULT_IMPORT_BATCH) continue;
      await flush();
    }
    await flush();
    await flush(); // the last write done
  } finally {
    // A failure leaves no write running when the run is recorded.
    if (writing) await (writing as Promise<void>).catch(() => undefined);
  }
  return wrote;
}

const count = (n: number) => n.toLocaleString('en-US');
const percent = (share: number) => `${Number((share * 100).toFixed(1))} %`;

/** Why a reconciliation was held back, in words: what the feed listed, what would have left the map, what to do. */
export function heldBackMessage(p: { active: number; takenOff: number; listed: number; maxShare: number }): string {
  const share = p.takenOff / p.listed;
  // Rounded to the limit, the share would read as allowed: a decimal more then.
  const shown = Math.round(share * 100) > p.maxShare * 100 ? `${Math.round(share * 100)} %` : percent(share);
  return `${HELD_BACK}: the feed listed ${count(p.active)} active listing${p.active === 1 ? '' : 's'} and ${count(
    p.takenOff,
  )} of the ${count(p.listed)} on the map would be taken off (${shown}, more than the ${percent(
    p.maxShare,
  )} allowed). Nothing was changed; check the feed (RESO_FILTER, paging) and run it again. If that many really left the market, raise RESO_RECONCILE_MAX_SHARE.`;
}

/**
 * The daily reconciliation into run `runId`: the feed's active ListingKeys (RESO_FILTER applied)
 * against our listed listings. Each listed one the list lacks is looked up by its key: a row found
 * goes through the importer like any other (Withdrawn, Expired… marks it with that status; Closed
 * makes it a sale; Active keeps it listed: the list moved meanwhile); one not found (deleted at the
 * source, or outside RESO_FILTER now) is marked off market as "Not in feed". Partial evidence hides
 * nothing: an empty list while we have listings, or one that would take off the map more than
 * `maxTakeOffShare` of the listed listings (a wrong filter, a server that pages badly), is held back
 * (ReconciliationHeldBack) with nothing written but the run's count of keys read.
 * Returns whether it changed anything (then the caller recomputes what changed).
 */
export async function reconcile(ctx: RunContext, runId: number): Promise<boolean> {
  const { db, log } = ctx;
  const keys = await activeListingKeys(ctx.client, { filter: ctx.filter, top: Math.max(ctx.pageSize, 5000) });
  if (ctx.shouldStop()) throw new RunStopped();
  const listed = await countListed(db);
  if (!keys.length && listed > 0) {
    throw new ReconciliationHeldBack(
      `${NO_ACTIVE_LISTING}${ctx.filter ? ' for RESO_FILTER' : ''}: none of our ${count(listed)} listings was taken off the map. Check RESO_FILTER and the MLS's service.`,
    );
  }
  const missing = await listedKeysNotIn(db, keys);
  const rows = missing.length ? await rowsOfKeys(ctx.client, missing, { filter: ctx.filter, select: ctx.select }) : [];
  if (ctx.shouldStop()) throw new RunStopped();
  const { records, rejected } = mapRows(rows);
  const batch = batchOf(records);
  const found = new Set(rows.map((r) => r.ListingKey));
  const gone: OffMarketRecord[] = missing
    .filter((key) => !found.has(key))
    .map((key) => ({ listing_key: key, status: NOT_IN_FEED, changed_at: null }));
  for (const record of gone) batch.add({ kind: 'off-market', record });
  const candidates = new Set(missing);
  const leaving = records.filter(
    (r) => (r.kind === 'off-market' || r.kind === 'sold') && candidates.has(r.record.listing_key),
  ).length;
  const takenOff = gone.length + leaving;
  const maxShare = ctx.maxTakeOffShare ?? RECONCILE_MAX_SHARE;
  if (listed > 0 && takenOff / listed > maxShare) {
    await db.transaction().execute(async (trx) => {
      const repository = createListingFeedRepository(trx);
      await repository.setRunTotal(runId, keys.length);
      await repository.recordPage(runId, null, { rows: keys.length, added: 0, updated: 0, rejected: 0, offMarket: 0 });
    });
    throw new ReconciliationHeldBack(heldBackMessage({ active: keys.length, takenOff, listed, maxShare }));
  }
  const written = await db.transaction().execute(async (trx) => {
    const counts = await writeFeedRows(trx, batch);
    const repository = createListingFeedRepository(trx);
    await repository.setRunTotal(runId, keys.length);
    await repository.recordPage(runId, null, runCounts(keys.length, rejected.length, counts));
    await repository.markReconciled();
    return counts;
  });
  logRejected(log, rejected);
  log?.info(
    `Listing feed: reconciled ${count(keys.length)} active listings; ${written.offMarket} taken off the map (${gone.length} no longer in the feed)`,
  );
  const c = runCounts(keys.length, rejected.length, written);
  ctx.onWritten?.(c.added + c.updated + c.offMarket);
  return c.added + c.updated + c.offMarket + written.removedListings > 0;
}
