import {
  afterCursorFilter,
  allOf,
  compareCursors,
  cursorOf,
  odataString,
  propertyPath,
  readPage,
  type FeedCursor,
  type ODataPage,
} from './odata';
import { ResoError, type ResoClient } from './reso-client';

/**
 * Paging through the RESO `Property` resource (docs/listings.md, "Connecting an MLS").
 *
 * Replication reads the rows after the cursor in `ModificationTimestamp, ListingKey` order, `$top`
 * at a time, following `@odata.nextLink` when the server gives one, else with `$skip`. The next page
 * is requested while the caller writes the one before (the database and the MLS work at once).
 *
 * A `$skip` page over a result that changes while it is read can miss a row: a listing modified
 * meanwhile moves to the end, the rows after it shift back by one, and the row at the page boundary
 * is skipped (and would wait for its next change). So each `$skip` request starts one row early and
 * must begin with the last row read; when it does not, the rows moved, and the query starts again
 * from the cursor (a fresh filter, `$skip` 0). Nothing is lost and no row is applied twice.
 */

export interface PropertyPageOptions {
  /** Read the rows after this one; null reads all (a full pull). */
  after: FeedCursor | null;
  /** RESO_FILTER. */
  filter?: string;
  select: readonly string[];
  /** Rows asked per page (the server may give fewer). */
  top: number;
}

export interface PropertyPage {
  rows: Array<Record<string, unknown>>;
  /** The last row of the page in the replication order, when it has a key and a timestamp. */
  cursor: FeedCursor | null;
  /** The rows the run will read (@odata.count of the first request), when the server said. */
  total: number | null;
}

const REPLICATION_ORDER = 'ModificationTimestamp,ListingKey';

interface Request {
  path: string;
  /** A $skip request's first row must be this one (the last read). */
  overlaps: FeedCursor | null;
  /** For a $skip request: the anchored query's skip. */
  skip: number;
}

export async function* propertyPages(client: ResoClient, options: PropertyPageOptions): AsyncGenerator<PropertyPage> {
  let last = options.after;
  let total: number | null = null;
  let followedLinks = false;
  const links = new Set<string>();
  /** The query $skip counts in: its filter fixed at the cursor of the time it was made. */
  const anchored = (after: FeedCursor | null, count: boolean) => ({
    filter: allOf(after ? afterCursorFilter(after) : null, options.filter),
    count,
  });
  let anchor = anchored(last, true);
  const request = (skip: number, overlaps: FeedCursor | null): Request => ({
    path: propertyPath({
      filter: anchor.filter,
      orderby: REPLICATION_ORDER,
      top: options.top,
      skip,
      select: options.select,
      count: anchor.count && skip === 0,
    }),
    overlaps,
    skip,
  });
  const fetchPage = (r: Request): Promise<{ page: ODataPage; request: Request }> => {
    const p = client.getJson(r.path).then((body) => ({ page: readPage(body), request: r }));
    p.catch(() => undefined); // awaited below; not unhandled while the caller writes
    return p;
  };
  let pending: Promise<{ page: ODataPage; request: Request }> | null = fetchPage(request(0, null));
  while (pending) {
    const { page, request: asked }: { page: ODataPage; request: Request } = await pending;
    pending = null;
    let rows = page.rows;
    if (asked.overlaps) {
      const first = rows.length ? cursorOf(rows[0]) : null;
      if (!first || compareCursors(first, asked.overlaps) !== 0) {
        // The result moved under the $skip: read on from the cursor with a fresh query.
        anchor = anchored(last, false);
        pending = fetchPage(request(0, null));
        continue;
      }
      rows = rows.slice(1);
    }
    if (total === null && page.count !== null) total = page.count;
    // Rows at or before the cursor were written already (a server's link may repeat some).
    if (last) {
      const after = last;
      rows = rows.filter((row) => {
        const at = cursorOf(row);
        return !at || compareCursors(at, after) > 0;
      });
    }
    let cursor: FeedCursor | null = null;
    for (const row of rows) {
      const at = cursorOf(row);
      if (at && (!cursor || compareCursors(at, cursor) > 0)) cursor = at;
    }
    if (page.nextLink) {
      // A link given twice would be followed for ever (rows at the cursor are filtered out above).
      if (links.has(page.nextLink))
        throw new ResoError(
          'The MLS gave the same next-page link (@odata.nextLink) twice: following it would not end. The sync stopped; the pages written stay, and the next run starts from the cursor.',
        );
      links.add(page.nextLink);
      followedLinks = true;
      pending = fetchPage({ path: page.nextLink, overlaps: null, skip: 0 });
    } else if (!followedLinks && page.rows.length >= options.top) {
      // No link and a full page: the next one by $skip, one row early (see above). A page shorter
      // than $top without a link is the last: OData has a server that pages on its own give a
      // link (one that does not only delays the rest to the next sync, which starts at the cursor).
      const read: number = asked.skip + page.rows.length;
      pending = cursor ? fetchPage(request(read - 1, cursor)) : fetchPage(request(read, null));
    }
    if (cursor) last = cursor;
    if (rows.length) yield { rows, cursor, total };
  }
}

/**
 * The keys of the feed's active listings (the daily reconciliation): `$select=ListingKey` of
 * `StandardStatus eq 'Active'` (and RESO_FILTER) in key order. The server's `@odata.nextLink` is
 * followed while it gives one (a server that caps `$top` pages on its own; its last page is the
 * end). Without a link the next page is asked by key (`ListingKey gt 'last'`), which no change
 * during the reading can shift, until a page brings no new key. A key missed would take a listed
 * listing off the map, so a page that should have brought more and did not is an error, not the
 * end: one with a link (following it would not end), or a full one (as many rows as asked, or as the
 * largest page before it: a server's cap) whose keys were all read already (a server that ignores
 * the `gt`). The first request asks `$count=true`: a page of known keys once as many keys were read
 * as the server counted is the end whatever its size (a small feed whose server ignores the `gt`
 * sends its only page again), and one before is an error whatever its size. Row counts alone cannot
 * tell that small feed (40 rows of the 100 asked, then the same 40) from a server that caps `$top`
 * at 40 and ignores the `gt`, so without a count the rule above stands. docs/listings.md,
 * "Reconciliation".
 */
export async function activeListingKeys(
  client: ResoClient,
  options: { filter?: string; top: number; onPage?: (keys: number) => void },
): Promise<string[]> {
  const keys = new Set<string>();
  let after: string | null = null;
  let largest = 0;
  let followedLinks = false;
  /** The server's @odata.count of the first request (all the active keys then), when it gave one. */
  let counted: number | null = null;
  const byKey = () =>
    propertyPath({
      filter: allOf(`StandardStatus eq 'Active'`, after === null ? null : `ListingKey gt ${odataString(after)}`, options.filter),
      orderby: 'ListingKey',
      top: options.top,
      select: ['ListingKey'],
      count: after === null,
    });
  let path: string | null = byKey();
  while (path !== null) {
    const page = readPage(await client.getJson(path));
    if (after === null) counted = page.count; // the first request (the one with $count)
    const before = keys.size;
    for (const row of page.rows) {
      const key = row.ListingKey;
      if (typeof key === 'string' && key) {
        keys.add(key);
        after = key;
      }
    }
    options.onPage?.(keys.size);
    const fresh = keys.size > before;
    const full = page.rows.length >= Math.min(options.top, Math.max(largest, 1));
    largest = Math.max(largest, page.rows.length);
    path = null;
    if (page.nextLink) {
      if (!fresh) throw new ResoError(unendingLinkMessage(page.rows.length));
      followedLinks = true;
      path = page.nextLink;
    } else if (!followedLinks && page.rows.length > 0) {
      if (fresh) path = byKey();
      // Known keys again (the server ignores the `gt`): its count, when it gave one, says whether
      // that was all; without one, a full page is an error and a shorter one the end.
      else if (counted !== null ? keys.size < counted : full)
        throw new ResoError(
          ignoredKeyFilterMessage(page.rows.length, keys.size, counted === null && page.rows.length < options.top),
        );
    }
  }
  return [...keys];
}

const rowsText = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;

function unendingLinkMessage(rows: number): string {
  return `The MLS's next-page link (@odata.nextLink) of the active listings brought ${rowsText(rows)} and no new ListingKey: following it would not end, and the active listings cannot all be read. The reconciliation stopped and took nothing off the map.`;
}

/** `uncounted`: a page short of $top and no @odata.count, so the keys read may be all (or a cap's worth). */
function ignoredKeyFilterMessage(rows: number, read: number, uncounted = false): string {
  const what = uncounted
    ? `and as it gives no @odata.count, whether the ${read.toLocaleString('en-US')} active listings read are all cannot be told`
    : `so only ${read.toLocaleString('en-US')} active listings could be read`;
  return `The MLS answered the next page of active listings (ListingKey gt the last key read) with ${rowsText(rows)} and no new ListingKey, without an @odata.nextLink: it seems to ignore that filter, ${what}. The reconciliation stopped and took nothing off the map; it needs a server that pages with @odata.nextLink${uncounted ? ', counts ($count=true)' : ''} or honours ListingKey gt.`;
}

/** The current rows of these keys (RESO_FILTER applied), a few dozen per request. */
export async function rowsOfKeys(
  client: ResoClient,
  keys: readonly string[],
  options: { filter?: string; select: readonly string[] },
): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  const CHUNK = 40;
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const path = propertyPath({
      filter: allOf(`(${chunk.map((k) => `ListingKey eq ${odataString(k)}`).join(' or ')})`, options.filter),
      orderby: REPLICATION_ORDER,
      top: chunk.length,
      select: options.select,
    });
    rows.push(...readPage(await client.getJson(path)).rows);
  }
  return rows;
}
