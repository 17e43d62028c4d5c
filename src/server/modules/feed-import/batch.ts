import type { Db } from '../../db/database';
import {
  createListingsRepository,
  markOffMarket,
  noteListingsChanged,
  recomputeDirty,
  upsertLeases,
  type LeaseRecord,
  type ListingRecord,
  type OffMarketRecord,
  type RecomputeProgress,
  type ResoRecord,
  type SoldRecord,
  type UpsertCounts,
} from '../listings';
import { refreshPlaces } from '../places';

/**
 * What the file import and the MLS sync share (docs/listings.md): rows read through one mapping
 * (`fromReso`), gathered in a batch, written by one function in the caller's transaction, and the
 * same work after the writes (comps and results, places, alerts).
 */

/** What the writes of some batches did. */
export interface FeedWriteCounts {
  listings: UpsertCounts;
  sold: UpsertCounts;
  /** Closed leases (PropertyType ResidentialLease). */
  leases: UpsertCounts;
  /** Listings removed because their key arrived as a closed sale. */
  removedListings: number;
  /** List price changes recorded in the listings' price history. */
  priceChanges: number;
  /** Listings taken off the map (a row of another status than Active or Closed). */
  offMarket: number;
}

export const emptyFeedCounts = (): FeedWriteCounts => ({
  listings: { inserted: 0, updated: 0, unchanged: 0 },
  sold: { inserted: 0, updated: 0, unchanged: 0 },
  leases: { inserted: 0, updated: 0, unchanged: 0 },
  removedListings: 0,
  priceChanges: 0,
  offMarket: 0,
});

const addUpsert = (into: UpsertCounts, from: UpsertCounts) => {
  into.inserted += from.inserted;
  into.updated += from.updated;
  into.unchanged += from.unchanged;
};

/** Adds `from` into `into`. */
export function addFeedCounts(into: FeedWriteCounts, from: FeedWriteCounts): FeedWriteCounts {
  addUpsert(into.listings, from.listings);
  addUpsert(into.sold, from.sold);
  addUpsert(into.leases, from.leases);
  into.removedListings += from.removedListings;
  into.priceChanges += from.priceChanges;
  into.offMarket += from.offMarket;
  return into;
}

/**
 * Rows to write together, by kind. Between a listing and its going off the market the later row
 * wins: the marks are written after the listings, and an Active row drops an earlier mark of its
 * key (relisted within the batch).
 */
export class FeedRows {
  listings: ListingRecord[] = [];
  sold: SoldRecord[] = [];
  leases: LeaseRecord[] = [];
  offMarket = new Map<string, OffMarketRecord>();

  add(row: ResoRecord): void {
    if (row.kind === 'listing') {
      if (this.offMarket.size) this.offMarket.delete(row.record.listing_key);
      this.listings.push(row.record);
    } else if (row.kind === 'sold') this.sold.push(row.record);
    else if (row.kind === 'lease') this.leases.push(row.record);
    else this.offMarket.set(row.record.listing_key, row.record);
  }

  get size(): number {
    return this.listings.length + this.sold.length + this.leases.length + this.offMarket.size;
  }
}

/**
 * Writes a batch in `db` (the caller's transaction): listings, sales (a listing that sold is
 * removed), leases, then the off-market marks. Each is one statement that writes only what changed.
 */
export async function writeFeedRows(db: Db, rows: FeedRows): Promise<FeedWriteCounts> {
  const repository = createListingsRepository(db);
  const listings = await repository.upsertListings(rows.listings);
  const sold = await repository.upsertSold(rows.sold);
  const leases = await upsertLeases(db, rows.leases);
  const offMarket = await markOffMarket(db, [...rows.offMarket.values()]);
  return {
    listings: { inserted: listings.inserted, updated: listings.updated, unchanged: listings.unchanged },
    sold: { inserted: sold.inserted, updated: sold.updated, unchanged: sold.unchanged },
    leases,
    removedListings: sold.removedListings,
    priceChanges: listings.priceChanges,
    offMarket,
  };
}

export interface AfterFeedWriteOptions {
  /** Skip the recomputation (tests of the upsert alone). */
  recompute?: boolean;
  onRecomputeProgress?: (progress: RecomputeProgress) => void;
  /** Between the recomputation's batches (a server yields to requests here). */
  pause?: () => Promise<void>;
  /** Stop the recomputation early (server shutdown: the listings stay marked for the next time). */
  shouldStop?: () => boolean;
}

/**
 * After the writes: comps, deal status and results of what changed, the feed's cities and ZIPs as
 * searchable places, and the alerts told that listings changed (also from the import CLI's process:
 * it only bumps a row the running server watches). Returns the listings recomputed.
 */
export async function afterFeedWrite(db: Db, options: AfterFeedWriteOptions = {}): Promise<number> {
  const recomputed =
    options.recompute === false
      ? 0
      : await recomputeDirty(db, {
          onProgress: options.onRecomputeProgress,
          pause: options.pause,
          shouldStop: options.shouldStop,
        });
  await refreshPlaces(db);
  await noteListingsChanged(db);
  return recomputed;
}
