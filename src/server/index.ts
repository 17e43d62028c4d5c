import cluster from 'node:cluster';
import { buildApp } from './app';
import path from 'node:path';
import { loadConfig, type AppConfig } from './lib/app-config';
import { DataDirLockedError } from './db/data-dir-lock';
import { createDatabase, type Database } from './db/database';
import { createClusterLocks } from './db/cluster-lock';
import { migrateAndSeed, type SeedResult } from './seed';
import { MigrationMismatchError, PendingMigrationsError } from './db/migration-state';
import { drainAndClose } from './http/shutdown';
import { loadLifecycleConfig, stopLimitMs, type LifecycleConfig } from './lib/lifecycle-config';
import { redactUrl } from './db/read-replicas';
import { hashPassword } from './modules/auth/passwords';
import { StartupWork, type StartupPlan } from './modules/startup';
import { runWorkers, workerNumber } from './workers';

/** What a person starting the server needs to know, in a few plain lines (the logs stay quiet). */
function printSummary(config: AppConfig, database: Database, seedResult: SeedResult, plan: StartupPlan): void {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where =
    database.kind === 'postgres'
      ? `PostgreSQL ${redactUrl(config.databaseUrl ?? '', '(DATABASE_URL)')}`
      : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const admin = seedResult.adminCreated
    ? `${seedResult.adminCreated.email} (created now${seedResult.adminCreated.generatedPassword ? '' : ', password from ADMIN_PASSWORD'})`
    : (seedResult.adminEmail ?? 'none');
  const lines = [
    '',
    `Dealmap is running at http://${host}:${config.port}`,
    `  database:  ${where}`,
    ...(config.workers > 1 ? [`  processes: ${config.workers} (WORKERS), sharing the port`] : []),
    `  admin:     ${admin}`,
    `  maps:      ${config.googleMapsApiKey ? 'Google Maps key set' : 'no GOOGLE_MAPS_API_KEY: the search page lists properties with our own place search, without a map'}`,
    `  data dir:  ${config.dataDir}`,
    `  mail:      ${config.smtpUrl ? 'SMTP' : `written to ${path.join(config.dataDir, 'outbox')}`}`,
    ...(plan.kind === 'demo'
      ? [
          `  demo data: loading ${plan.listings.toLocaleString('en-US')} listings in the background (progress: /healthz; DEMO_LISTINGS=0 skips it)`,
        ]
      : plan.kind === 'recompute'
        ? [
            `  listings:  computing comps and results of ${plan.listings.toLocaleString('en-US')} listings a stop interrupted, in the background`,
          ]
        : []),
  ];
  if (seedResult.adminCreated?.generatedPassword) {
    lines.push(
      '',
      'First admin account created. This password is shown only once:',
      `  email:    ${seedResult.adminCreated.email}`,
      `  password: ${seedResult.adminCreated.generatedPassword}`,
    );
  }
  if (seedResult.newerMigrations) {
    lines.push(
      '',
      `The database has ${seedResult.newerMigrations.length} migrations newer than this release (${seedResult.newerMigrations.join(', ')}); it runs on them as they are (docs/deploy.md, "Upgrading").`,
    );
  }
  if (seedResult.adminSkipped) {
    lines.push('', `No Admin exists and ${seedResult.adminSkipped} belongs to another user; set ADMIN_EMAIL to a free address.`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main(config: AppConfig, lifecycle: LifecycleConfig): Promise<void> {
  let database: Database;
  try {
    database = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.pgPoolSize,
      waitLimitMs: config.dbWaitLimitMs,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    const seedResult = await migrateAndSeed(database, {
      migrate: lifecycle.migrateOnStart,
      admin: { email: config.adminEmail, password: config.adminPassword, hashPassword: (p) => hashPassword(p) },
    });
    // The server answers at once; the demo load of a first start (or the rest of one a crash
    // interrupted) runs in the background after it listens, its progress on /healthz.
    const startup = new StartupWork(database.db, {
      demoListings: config.demoListings,
      batchSize: 500,
      exclusive: (work) => createClusterLocks(database).tryRun('demo-load', work),
    });
    app = await buildApp({ config, database, closeDatabase: true, startup });
    startup.setLog(app.log);
    await app.listen({ port: config.port, host: config.host });
    // With several processes the first says where the server is; the one that created the first
    // admin (whichever took the start lock first) also shows its password, which is shown only once.
    const worker = workerNumber();
    if (worker === null || worker === 1 || seedResult.adminCreated) {
      printSummary(config, database, seedResult, await startup.plan());
    }
    void startup.run();
  } catch (error) {
    await (app ? app.close() : database.close()).catch(() => undefined);
    throw error;
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGINT is a person at a terminal (Ctrl-C): no load balancer to wait for.
    const graceMs = signal === 'SIGTERM' ? lifecycle.shutdownGraceMs : 0;
    const grace = graceMs ? ` (answering ${graceMs} ms more while /readyz says stopping)` : '';
    app.log.info(`${signal} received, shutting down${grace}`);
    const limitMs = stopLimitMs({ ...lifecycle, shutdownGraceMs: graceMs });
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, limitMs);
    force.unref();
    drainAndClose(app, app.dealmap.shutdown, { graceMs, drainMs: lifecycle.shutdownDrainMs, log: app.log }).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function start(): Promise<void> {
  const config = loadConfig();
  const lifecycle = loadLifecycleConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    // The workers' own limit; the primary adds its margin (PRIMARY_STOP_MARGIN_MS) before killing them.
    runWorkers(config.workers, stopLimitMs(lifecycle));
    return Promise.resolve();
  }
  return main(config, lifecycle);
}

start().catch((error: unknown) => {
  const told = error instanceof PendingMigrationsError || error instanceof MigrationMismatchError;
  console.error(error instanceof Error ? (told ? error.message : (error.stack ?? error.message)) : error);
  process.exit(1);
});
