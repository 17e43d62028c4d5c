/** The MLS listing feed (issue 30): replication from a RESO Web API, its schedule, state and admin routes. */
export {
  DEFAULT_PAGE_SIZE,
  FEED_OFF,
  ListingFeed,
  noListingFeed,
  RECONCILE_EVERY_MS,
  type ListingFeedOptions,
  type ListingFeedReporter,
} from './feed';
export { LISTING_FEED_ENTITY_ID, listingFeedRoutes, NOT_CONFIGURED_MESSAGE, type ListingFeedRouteOptions } from './routes';
export { DEFAULT_RETRY, ResoClient, ResoError, type RetryPolicy } from './reso-client';
