import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ListingFeedStatus } from '../shared/schemas/listing-feed';
import type { AppConfig } from './config';
import type { ClusterLocks } from './db/cluster-lock';
import type { Db } from './db/database';
import type { ReadRouter } from './db/read-replicas';
import type { AuthService, PreHandler } from './modules/auth';
import type { LookupsService } from './modules/lookups/service';
import type { MailService } from './modules/mail/service';
import type { UsersService } from './modules/users/service';
import type { StartupStatus } from './startup-status';

/** What route modules get as plugin options. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Reads that may be a moment behind (searches, geocoding, comps): a read replica when one is set and current. */
  reads: ReadRouter;
  /** Work one server does for all on one database (re-pricing, the rates feed). */
  cluster: ClusterLocks;
  authenticate: PreHandler;
  /** The start's background work (demo load, recompute after a crash): what /healthz reports. */
  startup: StartupStatus;
  /** The MLS listing feed's state (RESO_API_URL), which /healthz reports too; 'off' without one. */
  listingFeed: { status(options?: { runs?: boolean }): Promise<ListingFeedStatus> };
  services: {
    auth: AuthService;
    users: UsersService;
    lookups: LookupsService;
    mail: MailService;
  };
}

export interface RouteOptions {
  ctx: AppContext;
}

/** A route module: a Fastify plugin whose schemas type its requests and replies (TypeBox provider). */
export type RoutePlugin<Options extends object = RouteOptions> = FastifyPluginAsyncTypebox<Options>;
