import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from './common';

/**
 * The listing feed replicated from an MLS's RESO Web API (issue 30; docs/listings.md, "Connecting an
 * MLS"): its state as the admin "Listing feed" section and /healthz show it.
 */

/** What a run of the replication does: the first full pull, what changed since the cursor, or the daily check of which listings are still active. */
export const LISTING_FEED_RUN_KINDS = ['full', 'incremental', 'reconcile'] as const;
export type ListingFeedRunKind = (typeof LISTING_FEED_RUN_KINDS)[number];

/** Who started a run: the schedule (every RESO_SYNC_MINUTES, and once at start) or an admin's "Sync now". */
export const LISTING_FEED_TRIGGERS = ['schedule', 'admin'] as const;
export type ListingFeedTrigger = (typeof LISTING_FEED_TRIGGERS)[number];

/**
 * off: no RESO_API_URL; idle: waiting for the next run; syncing: a run is under way (on any server);
 * failing: the last run failed (since `failingSince`), the next one is scheduled.
 */
export const LISTING_FEED_STATES = ['off', 'idle', 'syncing', 'failing'] as const;
export type ListingFeedState = (typeof LISTING_FEED_STATES)[number];

/** One run of the replication, newest first in the status. */
export const ListingFeedRun = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(LISTING_FEED_RUN_KINDS),
  trigger: StringEnum(LISTING_FEED_TRIGGERS),
  startedAt: DateTime,
  /** Null while it runs (or when its server died mid-run). */
  finishedAt: Nullable(DateTime),
  /** Rows read from the feed. */
  rows: Type.Integer(),
  /** Listings, sold comps and leases new to Dealmap. */
  added: Type.Integer(),
  /** Ones that changed (a price cut, a sale, a new photo count…). */
  updated: Type.Integer(),
  /** Rows the importer's validation refused (logged with their ListingKey). */
  rejected: Type.Integer(),
  /** Listings taken off the map: withdrawn, expired, cancelled or gone from the feed. */
  offMarket: Type.Integer(),
  /** Why the run failed, in words; null when it worked or still runs. */
  error: Nullable(Type.String()),
});
export type ListingFeedRun = Static<typeof ListingFeedRun>;

/** GET /admin/listing-feed (Admin), and the `listingFeed` of /healthz without `runs`. */
export const ListingFeedStatus = Type.Object({
  configured: Type.Boolean(),
  /** RESO_API_URL, the service root (never a secret: the credentials are not shown). */
  serviceUrl: Nullable(Type.String()),
  state: StringEnum(LISTING_FEED_STATES),
  /** While syncing: rows done of the run, and its total when the server counts them ($count). */
  progress: Nullable(Type.Object({ done: Type.Integer(), total: Nullable(Type.Integer()) })),
  /** When the failing began (the first failed run after a success). */
  failingSince: Nullable(DateTime),
  /** The last error, in words an admin can act on. */
  lastError: Nullable(Type.String()),
  lastSuccessAt: Nullable(DateTime),
  lastReconciledAt: Nullable(DateTime),
  nextSyncAt: Nullable(DateTime),
  syncMinutes: Type.Integer(),
  /** Where the next incremental run starts: the last ModificationTimestamp and ListingKey written. */
  cursor: Nullable(Type.Object({ modifiedAt: DateTime, listingKey: Type.String() })),
  /** The last runs, newest first (at most 10). */
  runs: Type.Array(ListingFeedRun),
});
export type ListingFeedStatus = Static<typeof ListingFeedStatus>;

/** POST /admin/listing-feed/sync (Admin): "Sync now"; 202 with the status, a run started (or joined). */
export const ListingFeedSyncAnswer = Type.Object({ started: Type.Boolean(), status: ListingFeedStatus });
export type ListingFeedSyncAnswer = Static<typeof ListingFeedSyncAnswer>;
