/**
 * The paging rules on their own, against answers a test writes: a next link that brings no new key
 * (or the same link twice) is an error, never the end; the held-back message in words.
 */
import { activeListingKeys, propertyPages } from '../../../../src/server/modules/listing-feed/pages';
import type { ResoClient } from '../../../../src/server/modules/listing-feed/reso-client';
import { heldBackMessage } from '../../../../src/server/modules/listing-feed/sync';

/** A client whose answers are the pages given, in turn (the last one again when they run out). */
function clientOf(pages: Array<{ keys: string[]; next?: string; at?: string; count?: number }>) {
  const asked: string[] = [];
  const client = {
    async getJson(path: string) {
      asked.push(path);
      const page = pages[Math.min(asked.length - 1, pages.length - 1)];
      return {
        value: page.keys.map((key) => ({ ListingKey: key, ModificationTimestamp: page.at ?? '2026-01-01T00:00:00Z' })),
        ...(page.count === undefined ? {} : { '@odata.count': page.count }),
        ...(page.next ? { '@odata.nextLink': page.next } : {}),
      };
    },
  };
  return { client: client as unknown as ResoClient, asked };
}

describe('the active keys of the reconciliation', () => {
  it('follows the links to the page without one', async () => {
    const { client, asked } = clientOf([
      { keys: ['A', 'B'], next: 'https://mls.test/Property?page=2' },
      { keys: ['C', 'D'], next: 'https://mls.test/Property?page=3' },
      { keys: ['E'] },
    ]);
    expect(await activeListingKeys(client, { top: 5000 })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(asked.slice(1)).toEqual(['https://mls.test/Property?page=2', 'https://mls.test/Property?page=3']);
  });

  it('fails on a link whose page brings no new key', async () => {
    const { client } = clientOf([
      { keys: ['A', 'B'], next: 'https://mls.test/Property?page=2' },
      { keys: ['A', 'B'], next: 'https://mls.test/Property?page=3' },
    ]);
    await expect(activeListingKeys(client, { top: 5000 })).rejects.toThrow(
      "The MLS's next-page link (@odata.nextLink) of the active listings brought 2 rows and no new ListingKey: following it would not end, and the active listings cannot all be read. The reconciliation stopped and took nothing off the map.",
    );
  });

  it('pages by key without links: a full page of known keys is an error, an empty or short one the end', async () => {
    const repeated = clientOf([{ keys: ['A', 'B'] }, { keys: ['A', 'B'] }]);
    await expect(activeListingKeys(repeated.client, { top: 2 })).rejects.toThrow(/with 2 rows and no new ListingKey/);
    expect(decodeURIComponent(repeated.asked[1])).toContain("ListingKey gt 'B'");

    const ended = clientOf([{ keys: ['A', 'B'] }, { keys: ['C'] }, { keys: [] }]);
    expect(await activeListingKeys(ended.client, { top: 2 })).toEqual(['A', 'B', 'C']);
    expect(ended.asked).toHaveLength(3);

    // A page shorter than the largest before it that brings nothing new: the server has no more.
    const short = clientOf([{ keys: ['A', 'B', 'C'] }, { keys: ['C'] }]);
    expect(await activeListingKeys(short.client, { top: 5000 })).toEqual(['A', 'B', 'C']);
  });

  const keysOf = (from: number, n: number) => Array.from({ length: n }, (_, i) => `K${String(from + i).padStart(4, '0')}`);

  it('asks $count first, and ends a feed smaller than a page whose server ignores ListingKey gt once all it counted were read', async () => {
    const forty = keysOf(1, 40);
    // Its only page (40 of the 100 asked), then the same again for `ListingKey gt`.
    const small = clientOf([{ keys: forty, count: 40 }, { keys: forty }]);
    expect(await activeListingKeys(small.client, { top: 100 })).toEqual(forty);
    expect(small.asked).toHaveLength(2);
    expect(decodeURIComponent(small.asked[0])).toContain('$count=true');
    expect(decodeURIComponent(small.asked[1])).not.toContain('$count');
    expect(decodeURIComponent(small.asked[1])).toContain(`ListingKey gt '${forty[39]}'`);

    // As many keys as asked, all counted: a full page of known keys is the end too.
    const exact = clientOf([{ keys: forty, count: 40 }, { keys: forty }]);
    expect(await activeListingKeys(exact.client, { top: 40 })).toEqual(forty);
  });

  it('fails when the server ignores ListingKey gt before all it counted were read, whatever the size of the page', async () => {
    // A cap of 100 of the 5,000 asked, the same page again: 300 counted.
    const capped = clientOf([{ keys: keysOf(1, 100), count: 300 }, { keys: keysOf(1, 100) }]);
    await expect(activeListingKeys(capped.client, { top: 5000 })).rejects.toThrow(
      'The MLS answered the next page of active listings (ListingKey gt the last key read) with 100 rows and no new ListingKey, without an @odata.nextLink: it seems to ignore that filter, so only 100 active listings could be read. The reconciliation stopped and took nothing off the map; it needs a server that pages with @odata.nextLink or honours ListingKey gt.',
    );
    // Smaller than the page before it, still short of the count.
    const shorter = clientOf([{ keys: ['A', 'B', 'C'], count: 5 }, { keys: ['C'] }]);
    await expect(activeListingKeys(shorter.client, { top: 5000 })).rejects.toThrow(/with 1 row and no new ListingKey/);
  });

  it('without a count: a feed smaller than a page whose server ignores ListingKey gt fails, saying the keys read may be all', async () => {
    // Row counts cannot tell 40 listings from a server that caps $top at 40 and ignores the `gt`.
    const forty = keysOf(1, 40);
    const small = clientOf([{ keys: forty }, { keys: forty }]);
    await expect(activeListingKeys(small.client, { top: 100 })).rejects.toThrow(
      'The MLS answered the next page of active listings (ListingKey gt the last key read) with 40 rows and no new ListingKey, without an @odata.nextLink: it seems to ignore that filter, and as it gives no @odata.count, whether the 40 active listings read are all cannot be told. The reconciliation stopped and took nothing off the map; it needs a server that pages with @odata.nextLink, counts ($count=true) or honours ListingKey gt.',
    );
  });

  it('without a count: infers a silent cap from a short page followed by new keys, and fails on a page of that size with none', async () => {
    // 100 rows of the 200 asked, then 100 new ones (a cap of 100), then the second page again.
    const capped = clientOf([{ keys: keysOf(1, 100) }, { keys: keysOf(101, 100) }, { keys: keysOf(101, 100) }]);
    await expect(activeListingKeys(capped.client, { top: 200 })).rejects.toThrow(
      /with 100 rows and no new ListingKey, without an @odata.nextLink: it seems to ignore that filter, and as it gives no @odata.count, whether the 200 active listings read are all cannot be told/,
    );
    expect(capped.asked).toHaveLength(3);
    // The capped pages, then an empty one: the end.
    const ended = clientOf([{ keys: keysOf(1, 100) }, { keys: keysOf(101, 100) }, { keys: keysOf(201, 30) }, { keys: [] }]);
    expect(await activeListingKeys(ended.client, { top: 200 })).toHaveLength(230);
    expect(ended.asked).toHaveLength(4);
  });
});

describe('the replication pages', () => {
  it('fails on a link given twice', async () => {
    const { client } = clientOf([
      { keys: ['A'], next: 'https://mls.test/Property?page=2', at: '2026-01-01T00:00:01Z' },
      { keys: ['B'], next: 'https://mls.test/Property?page=2', at: '2026-01-01T00:00:02Z' },
    ]);
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const page of propertyPages(client, { after: null, select: ['ListingKey'], top: 1 }))
          read.push(...page.rows.map((r) => r.ListingKey as string));
      })(),
    ).rejects.toThrow(
      'The MLS gave the same next-page link (@odata.nextLink) twice: following it would not end. The sync stopped; the pages written stay, and the next run starts from the cursor.',
    );
    // The page that gave the link again is not written: the next run reads it from the cursor.
    expect(read).toEqual(['A']);
  });
});

describe('the held-back message', () => {
  it('says what the feed listed, what would leave the map, and what to do', () => {
    expect(heldBackMessage({ active: 100, takenOff: 200, listed: 300, maxShare: 0.2 })).toBe(
      'Reconciliation held back: the feed listed 100 active listings and 200 of the 300 on the map would be taken off (67 %, more than the 20 % allowed). Nothing was changed; check the feed (RESO_FILTER, paging) and run it again. If that many really left the market, raise RESO_RECONCILE_MAX_SHARE.',
    );
    // A share that rounds to the limit keeps a decimal; thousands are grouped.
    expect(heldBackMessage({ active: 1, takenOff: 2041, listed: 10_000, maxShare: 0.2 })).toMatch(
      /^Reconciliation held back: the feed listed 1 active listing and 2,041 of the 10,000 on the map would be taken off \(20\.4 %, more than the 20 % allowed\)/,
    );
    expect(heldBackMessage({ active: 50, takenOff: 30, listed: 200, maxShare: 0.125 })).toContain(
      '(15 %, more than the 12.5 % allowed)',
    );
  });
});
