import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListingFeedStatus } from '../../shared/schemas/listing-feed';
import type { AppConfig } from '../lib/app-config';
import type { ClusterLocks } from '../db/cluster-lock';
import type { Db } from '../db/database';
import type { ReadRouter } from '../db/read-replicas';
import type { StartupStatus } from '../lib/startup-status';
import type { ShutdownState } from './shutdown';

/**
 * What every route module gets as plugin options: the server's platform, below the modules. A route
 * that needs a module's service gets it as an option of its own (app.ts hands it in).
 */
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
  /** Whether the server has been told to stop (SIGTERM): /readyz answers 503 `stopping` (shutdown.ts). */
  shutdown: ShutdownState;
  /** The MLS listing feed's state (RESO_API_URL), which /healthz reports too; 'off' without one. */
  listingFeed: { status(options?: { runs?: boolean }): Promise<ListingFeedStatus> };
}

/** A route's preHandler (authentication, a role check). */
export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteOptions {
  ctx: AppContext;
}

/** A route module: a Fastify plugin whose schemas type its requests and replies (TypeBox provider). */
export type RoutePlugin<Options extends object = RouteOptions> = FastifyPluginAsyncTypebox<Options>;
