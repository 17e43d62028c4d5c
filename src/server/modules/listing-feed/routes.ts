import { Envelope, ErrorBody, NoQuery } from '../../../shared/schemas/common';
import { ListingFeedStatus, ListingFeedSyncAnswer } from '../../../shared/schemas/listing-feed';
import type { RouteOptions, RoutePlugin } from '../../http/route-context';
import { conflict } from '../../http/errors';
import { actorOf, writeAudit } from '../audit';
import { requireRole } from '../auth';
import type { ListingFeed } from './feed';

export interface ListingFeedRouteOptions extends RouteOptions {
  /** The feed, or null without RESO_API_URL. */
  feed: ListingFeed | null;
}

/** The audit log's id of the listing feed (its entries are about the one feed; the log's ids are UUIDs). */
export const LISTING_FEED_ENTITY_ID = '00000000-0000-4000-8000-000000000030';

/** What the 409 of "Sync now" says when no feed is configured. */
export const NOT_CONFIGURED_MESSAGE =
  "No MLS listing feed is configured: set RESO_API_URL (the MLS's RESO Web API service root) with RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET (or RESO_BEARER_TOKEN), then restart the server";

/**
 * The admin "Listing feed" section under /api/v1/admin (Admin only): the feed's state and last runs,
 * and "Sync now" (202: started, or joined a run under way), audit-logged. docs/listings.md,
 * "Connecting an MLS"; the schedule starts and stops with the app.
 */
export const listingFeedRoutes: RoutePlugin<ListingFeedRouteOptions> = async (app, { ctx, feed }) => {
  app.addHook('onReady', async () => feed?.start());
  app.addHook('preClose', async () => feed?.stop());

  app.addHook('onRequest', ctx.authenticate);
  app.addHook('onRequest', requireRole('Admin'));

  app.get(
    '/listing-feed',
    { schema: { querystring: NoQuery, response: { 200: Envelope(ListingFeedStatus) } }, logLevel: 'warn' },
    async () => ({ data: await ctx.listingFeed.status() }),
  );

  app.post(
    '/listing-feed/sync',
    { schema: { querystring: NoQuery, response: { 202: Envelope(ListingFeedSyncAnswer), 409: ErrorBody } } },
    async (request, reply) => {
      if (!feed) throw conflict(NOT_CONFIGURED_MESSAGE);
      const started = await feed.syncNow();
      await ctx.db.transaction().execute((trx) =>
        writeAudit(trx, actorOf(request), [
          {
            action: 'sync',
            entityType: 'listing-feed',
            entityId: LISTING_FEED_ENTITY_ID,
            before: null,
            after: { serviceUrl: feed.serviceUrl, started },
          },
        ]),
      );
      return reply.code(202).send({ data: { started, status: await feed.status() } });
    },
  );
};
