import { buildApp } from './app';
import path from 'node:path';
import { loadConfig, type AppConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { createDatabase, migrateToLatest, type Database } from './db/database';
import { seed, type SeedResult } from './db/seed';
import { hashPassword } from './modules/auth/passwords';
import { demoListingsFromEnv } from './modules/demo-data/demo-data';
import { StartupWork, type StartupPlan } from './modules/startup/startup-work';

/** What a person starting the server needs to know, in a few plain lines (the logs stay quiet). */
function printSummary(config: AppConfig, database: Database, seedResult: SeedResult, plan: StartupPlan): void {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where =
    database.kind === 'postgres'
      ? `PostgreSQL ${redactUrl(config.databaseUrl ?? '')}`
      : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const admin = seedResult.adminCreated
    ? `${seedResult.adminCreated.email} (created now${seedResult.adminCreated.generatedPassword ? '' : ', password from ADMIN_PASSWORD'})`
    : (seedResult.adminEmail ?? 'none');
  const lines = [
    '',
    `Dealmap is running at http://${host}:${config.port}`,
    `  database:  ${where}`,
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
  if (seedResult.adminSkipped) {
    lines.push('', `No Admin exists and ${seedResult.adminSkipped} belongs to another user; set ADMIN_EMAIL to a free address.`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/** A connection string without its password. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
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
    await migrateToLatest(database);
    const seedResult = await seed(database.db, {
      admin: { email: config.adminEmail, password: config.adminPassword, hashPassword: (p) => hashPassword(p) },
    });
    // The server answers at once; the demo load of a first start (or the rest of one a crash
    // interrupted) runs in the background after it listens, its progress on /healthz.
    const startup = new StartupWork(database.db, { demoListings: demoListingsFromEnv(), batchSize: 500 });
    app = await buildApp({ config, database, closeDatabase: true, startup });
    startup.setLog(app.log);
    await app.listen({ port: config.port, host: config.host });
    printSummary(config, database, seedResult, await startup.plan());
    void startup.run();
  } catch (error) {
    await (app ? app.close() : database.close()).catch(() => undefined);
    throw error;
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
