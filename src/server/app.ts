import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { resolveConfig, type AppConfig, type RateLimits, type TrustProxy } from './lib/app-config';
import type { AppContext } from './http/route-context';
import { READY, type StartupStatus } from './lib/startup-status';
import { createClusterLocks } from './db/cluster-lock';
import { createDatabase, type Database } from './db/database';
import { createReadRouter, primaryOnly } from './db/read-replicas';
import { migrateAndSeed, type SeedResult } from './seed';
import { registerCompression } from './http/compression';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { registerRequestScope } from './http/busy';
import { watchShutdown, type Shutdown } from './http/shutdown';
import { registerRequestMetrics } from './http/request-metrics';
import { watchDatabase } from './lib/metrics/database-metrics';
import { buildLoggerOptions, QuietRequestLogs, type LoggerSettings } from './http/logging';
import { CONTENT_SECURITY_POLICY, registerResponseHeaders } from './http/security';
import { addSharedErrorResponses } from './http/error-responses';
import { registerApiDocs, registerOpenApi } from './http/openapi';
import { registerClient } from './http/static-client';
import { addCustomFormats, schemaErrorFormatter } from './http/validation';
import { adminRoutes, countsRoutes, createAdminSections } from './modules/admin';
import { createAuthenticate } from './modules/auth';
import { createAuthRepository } from './modules/auth/repository';
import { postgresRateLimitStore } from './modules/auth/rate-limit-store';
import { authRoutes } from './modules/auth/routes';
import { DEFAULT_SCRYPT_COST, hashPassword, setHashWaitLimit, type ScryptCost } from './modules/auth/passwords';
import { createAuthService } from './modules/auth/service';
import {
  createSessionCache,
  forgetOnAuthWrites,
  forgetOnOtherServersWrites,
  type SessionCache,
} from './modules/auth/session-cache';
import { healthRoutes, metricsRoutes } from './modules/health';
import { notesRoutes } from './modules/notes';
import { pipelineRoutes } from './modules/pipeline';
import { portfolioRoutes } from './modules/portfolio';
import { teamChatRoutes } from './modules/team-chat';
import { createLookupsRepository, createLookupsService, lookupsRoutes } from './modules/lookups';
import { countedMailer, createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer';
import { createMailService, type MailService } from './modules/mail/service';
import { createUsersRepository } from './modules/users/repository';
import { usersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { configRoutes } from './modules/config';
import { propertiesRoutes } from './modules/properties/routes';
import { placesRoutes } from './modules/places';
import { profileRoutes } from './modules/profile';
import { accountRoutes } from './modules/account';
import { savedCalculationsRoutes, sharedReportRoutes, sharedReportsRoutes } from './modules/saved-calculations';
import { savedSearchesRoutes } from './modules/alerts/saved-searches/saved-searches-routes';
import { contactsRoutes } from './modules/contacts';
import { recentSearchesRoutes } from './modules/recent-searches';
import { ratesRoutes } from './modules/rates';
import { rateRecomputerFor } from './modules/listings';
import { AlertWorker, notificationsRoutes, unsubscribeRoutes, type AlertWorkerOptions } from './modules/alerts';
import { ListingFeed, listingFeedRoutes, noListingFeed, type ListingFeedOptions } from './modules/listing-feed';
import {
  AccuracyWorker,
  accuracyAdminRoutes,
  accuracyRoutes,
  createAccuracyService,
  type AccuracyWorkerOptions,
} from './modules/accuracy';
import { MarketTrendsWorker, marketTrendsRoutes, type MarketTrendsWorkerOptions } from './modules/market-trends';
import { BackupWorker, backupsRoutes, REQUESTS_DIR_NAME, type BackupWorkerOptions } from './modules/backups';

export interface BuildAppOptions {
  /** Overrides on top of built-in defaults (index.ts passes the whole loadConfig()). */
  config?: Partial<AppConfig>;
  /**
   * An open, migrated and seeded database. When omitted, buildApp opens one from the config
   * (or in memory with `inMemory`), migrates and seeds it, and closes it with the app.
   */
  database?: Database;
  /** With `database`: close it when the app closes. */
  closeDatabase?: boolean;
  /** PGlite in memory instead of DATA_DIR (tests). Ignored with DATABASE_URL. */
  inMemory?: boolean;
  /** PostgreSQL only: work in this schema (created if missing), e.g. to isolate a test. */
  schema?: string;
  /** false = silent; true = pino at config.logLevel; or a level and a stream to capture lines. */
  logger?: boolean | LoggerSettings;
  /** Replaces the SMTP / outbox mailer (tests capture messages this way). */
  mailer?: Mailer;
  /** Lower the password hashing cost in tests; production uses N=2^17, r=8, p=1. */
  scryptCost?: Partial<ScryptCost>;
  /** Overrides on top of config.rateLimits. */
  rateLimits?: Partial<RateLimits>;
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: TrustProxy;
  /** The start's background work, whose state /healthz and /readyz report (index.ts); absent: ready. */
  startup?: StartupStatus;
  /** The alert worker's clock and timings (tests). */
  alerts?: Pick<AlertWorkerOptions, 'now' | 'pollMs' | 'retryMs'>;
  /** The MLS listing feed's schedule, page size, timings and retries (tests; config.resoFeed turns it on). */
  listingFeed?: Pick<ListingFeedOptions, 'schedule' | 'pageSize' | 'timeoutMs' | 'retry' | 'reconcileEveryMs' | 'pause'>;
  /** The accuracy backtest's clock and timings (tests). */
  accuracy?: Pick<AccuracyWorkerOptions, 'now' | 'pollMs' | 'retryMs' | 'run'>;
  /** The market trends' clock and timings (tests). */
  marketTrends?: Pick<MarketTrendsWorkerOptions, 'now' | 'pollMs' | 'retryMs' | 'changeMarginMs'>;
  /** The backups' clock and timings (tests; config.backupEveryHours turns the schedule on). */
  backups?: Pick<BackupWorkerOptions, 'now' | 'pollMs' | 'retryMs' | 'commandPollMs'>;
}

/** A registered route, as the route table knows it (the OpenAPI test and the fuzz suite walk it). */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export interface AppHandles {
  ctx: AppContext;
  routes: RouteEntry[];
  database: Database;
  mailer: Mailer;
  /** The messages the app sends, through `mailer`. */
  mail: MailService;
  scryptCost: ScryptCost;
  /** The remembered access-token checks (tests and diagnostics read its size). */
  sessionCache: SessionCache;
  /** What seeding did when buildApp opened the database itself. */
  seedResult?: SeedResult;
  /** The saved searches' alert matching and e-mails, started with the app and stopped before it closes. */
  alerts: AlertWorker;
  /** The MLS listing feed (config.resoFeed), started with the app and stopped before it closes; null without one. */
  listingFeed: ListingFeed | null;
  /** The estimates' backtest in the background, started with the app and stopped before it closes. */
  accuracy: AccuracyWorker;
  marketTrends: MarketTrendsWorker;
  /** The backups: the schedule, "Back up now" and `npm run backup`'s requests (PGlite), stopped before the app closes. */
  backups: BackupWorker;
  /** The server's stop: index.ts begins it on SIGTERM (drainAndClose), /readyz reports it. */
  shutdown: Shutdown;
}

declare module 'fastify' {
  interface FastifyInstance {
    dealmap: AppHandles;
  }
}

function loggerOption(option: BuildAppOptions['logger'], level: string) {
  if (option === false) return false;
  if (option === undefined || option === true) return buildLoggerOptions({ level });
  return buildLoggerOptions({ level, ...option });
}

/** A hop count as the function proxy-addr would build from it (Fastify's types take no number). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const base = resolveConfig(options.config);
  const config: AppConfig = { ...base, rateLimits: { ...base.rateLimits, ...options.rateLimits } };
  const scryptCost: ScryptCost = { ...DEFAULT_SCRYPT_COST, ...options.scryptCost };

  let database = options.database;
  let seedResult: SeedResult | undefined;
  const ownsDatabase = !database || options.closeDatabase === true;
  if (!database) {
    database = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: options.inMemory ? null : config.dataDir,
      schema: options.schema,
      poolSize: config.pgPoolSize,
      waitLimitMs: config.dbWaitLimitMs,
    });
    try {
      seedResult = await migrateAndSeed(database, {
        admin: {
          email: config.adminEmail,
          password: config.adminPassword,
          hashPassword: (password) => hashPassword(password, scryptCost),
        },
      });
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  const app = Fastify({
    logger: loggerOption(options.logger, config.logLevel),
    // Quiet by default: a line per request only at LOG_LEVEL=debug or trace.
    logController: new QuietRequestLogs(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors: frameworkErrorHandler,
    schemaErrorFormatter,
    ajv: { customOptions: { allErrors: true, verbose: true }, plugins: [addCustomFormats as never] },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Writes to users, sessions or roles forget the remembered token checks (session-cache.ts).
  const sessionCache = createSessionCache({ ttlMs: config.authCacheTtlMs });
  const shutdown = watchShutdown(app.server);
  const db = database.db.withPlugin(forgetOnAuthWrites(sessionCache));

  try {
    const mailer = countedMailer(
      options.mailer ??
        (config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createOutboxMailer(path.join(config.dataDir, 'outbox'))),
    );
    const mail = createMailService({ mailer, from: config.mailFrom, publicUrl: config.publicUrl, log: app.log });
    const usersRepository = createUsersRepository(db);
    const users = createUsersService(usersRepository);
    const auth = createAuthService({
      repository: createAuthRepository(db),
      sessionCache,
      usersRepository,
      users,
      mail,
      jwtSecret: config.jwtSecret,
      scryptCost,
      refreshReuseGraceMs: config.refreshReuseGraceMs,
      log: app.log,
    });
    const reads =
      database.kind === 'postgres' && config.databaseReadUrls.length
        ? createReadRouter({
            primary: db,
            replicaUrls: config.databaseReadUrls,
            schema: database.schema,
            poolSize: config.pgPoolSize,
            waitLimitMs: config.dbWaitLimitMs,
            maxLagMs: config.databaseReadMaxLagMs,
            onStateChange: (replica) =>
              replica.usable
                ? app.log.info(`Read replica ${replica.url} in use`)
                : app.log.warn(
                    `Read replica ${replica.url} not used: ${replica.lastError ?? 'not checked yet'}; reading from the primary`,
                  ),
          })
        : primaryOnly(db);
    app.addHook('onClose', async () => reads.close());
    const { pool } = database;
    const unwatch = watchDatabase({
      pools: () => [{ pool: 'primary', ...pool }, ...reads.replicas().map((r) => ({ pool: r.url, ...r.pool }))],
      replicas: () => reads.replicas().map((r) => ({ replica: r.url, usable: r.usable, lagMs: r.lagMs })),
    });
    app.addHook('onClose', async () => unwatch());
    const cluster = createClusterLocks(database);
    const listingFeed = config.resoFeed
      ? new ListingFeed({ db, locks: cluster, config: config.resoFeed, log: app.log, ...options.listingFeed })
      : null;
    const ctx: AppContext = {
      config,
      db,
      reads,
      cluster,
      authenticate: createAuthenticate(auth),
      startup: options.startup ?? READY,
      shutdown,
      listingFeed: listingFeed ?? noListingFeed,
    };
    const routes: RouteEntry[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
    });
    const alerts = new AlertWorker({
      db,
      database,
      locks: ctx.cluster,
      delivery: { db, mail, secret: config.jwtSecret, publicUrl: config.publicUrl },
      digestHour: config.alertDigestHour,
      log: app.log,
      ...options.alerts,
    });
    app.addHook('onReady', async () => alerts.start());
    app.addHook('preClose', async () => alerts.stop());
    const accuracy = new AccuracyWorker({
      db,
      database,
      locks: ctx.cluster,
      hour: config.accuracyHour,
      startup: ctx.startup,
      log: app.log,
      ...options.accuracy,
    });
    app.addHook('onReady', async () => accuracy.start());
    app.addHook('preClose', async () => accuracy.stop());
    const marketTrends = new MarketTrendsWorker({
      db,
      database,
      locks: ctx.cluster,
      startup: ctx.startup,
      log: app.log,
      ...options.marketTrends,
    });
    app.addHook('onReady', async () => marketTrends.start());
    app.addHook('preClose', async () => marketTrends.stop());
    const backups = new BackupWorker({
      db,
      database,
      databaseUrl: config.databaseUrl,
      locks: ctx.cluster,
      dir: config.backupDir,
      everyHours: config.backupEveryHours,
      keep: config.backupKeep,
      // PGlite in DATA_DIR: `npm run backup` asks this server, which holds the directory.
      requestsDir: database.kind === 'pglite' && !options.inMemory ? path.join(config.dataDir, REQUESTS_DIR_NAME) : null,
      log: app.log,
      ...options.backups,
    });
    app.addHook('onReady', async () => backups.start());
    app.addHook('preClose', async () => backups.stop());
    const accuracyService = createAccuracyService(db);
    app.decorate('dealmap', {
      ctx,
      routes,
      database,
      mailer,
      mail,
      scryptCost,
      sessionCache,
      seedResult,
      alerts,
      listingFeed,
      accuracy,
      marketTrends,
      backups,
      shutdown,
    });
    app.decorateRequest('auth', null);
    const authNotices = forgetOnOtherServersWrites(database, sessionCache, app.log);
    if (authNotices) app.addHook('onClose', async () => authNotices.close());
    if (ownsDatabase) app.addHook('onClose', async () => database.close());
    const { startup } = options;
    if (startup?.stop) app.addHook('preClose', async () => startup.stop?.());

    registerRequestScope(app);
    registerRequestMetrics(app);
    setHashWaitLimit(config.hashWaitLimitMs);
    registerErrorHandling(app);
    registerInputGuard(app);
    registerResponseHeaders(app);
    addSharedErrorResponses(app);
    await registerOpenApi(app);
    if (config.apiDocs) await registerApiDocs(app);
    // HSTS is sent only over HTTPS (registerResponseHeaders), not by helmet on every answer.
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: true, directives: CONTENT_SECURITY_POLICY },
      strictTransportSecurity: false,
    });
    // Several servers on one PostgreSQL count the same attempts; PGlite (one process) counts in memory.
    await app.register(fastifyRateLimit, {
      global: false,
      ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(database.db) } : {}),
    });
    await registerCompression(app);

    await app.register(healthRoutes, { ctx });
    await app.register(metricsRoutes, { ctx });
    await app.register(
      async (api) => {
        await api.register(authRoutes, { ctx, auth });
        await api.register(lookupsRoutes, {
          ctx,
          lookups: createLookupsService(createLookupsRepository(db)),
          prefix: '/lookups',
        });
        await api.register(ratesRoutes, { ctx, repricer: rateRecomputerFor(ctx, ctx.db, ctx.cluster, app.log) });
        await api.register(configRoutes, { ctx });
        await api.register(unsubscribeRoutes, { ctx, prefix: '/alerts' });
        await api.register(sharedReportRoutes, { ctx });
        await api.register(
          async (authed) => {
            // onRequest, so a signed-out caller gets 401 before any body validation.
            authed.addHook('onRequest', ctx.authenticate);
            await authed.register(usersRoutes, { ctx, users });
            await authed.register(countsRoutes, { ctx });
            await authed.register(propertiesRoutes, {
              ctx,
              calibrations: (city, state) => accuracyService.calibrations(city, state),
            });
            await authed.register(placesRoutes, { ctx });
            await authed.register(recentSearchesRoutes, { ctx });
            await authed.register(profileRoutes, { ctx, users });
            await authed.register(accountRoutes, { ctx, hashPassword: auth.hashPassword });
            await authed.register(savedCalculationsRoutes, { ctx });
            await authed.register(sharedReportsRoutes, {
              ctx,
              calibrations: (city, state) => accuracyService.calibrations(city, state),
            });
            await authed.register(savedSearchesRoutes, { ctx });
            await authed.register(contactsRoutes, { ctx });
            await authed.register(notesRoutes, { ctx });
            await authed.register(pipelineRoutes, { ctx });
            await authed.register(portfolioRoutes, {
              ctx,
              calibrations: (city, state) => accuracyService.calibrations(city, state),
            });
            await authed.register(teamChatRoutes, { ctx, mail });
            await authed.register(notificationsRoutes, { ctx });
            await authed.register(marketTrendsRoutes, { ctx });
          },
          { prefix: '/auth' },
        );
        await api.register(accuracyRoutes, { ctx });
        await api.register(listingFeedRoutes, { ctx, feed: listingFeed, prefix: '/admin' });
        await api.register(accuracyAdminRoutes, { ctx, worker: accuracy, prefix: '/admin' });
        await api.register(backupsRoutes, { ctx, worker: backups, prefix: '/admin' });
        await api.register(adminRoutes, {
          ctx,
          ...createAdminSections(db, { hashPassword: auth.hashPassword }),
          prefix: '/admin',
        });
      },
      { prefix: '/api/v1' },
    );
    await registerClient(app, config.clientDir);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
