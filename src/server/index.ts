import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { createDatabase, migrateToLatest, type Database } from './db/database';
import { seed, type SeedResult } from './db/seed';
import { hashPassword } from './modules/auth/passwords';
import { demoListingsFromEnv } from './modules/demo-data/demo-data';
import { StartupWork } from './modules/startup/startup-work';

function printAdmin(result: SeedResult): void {
  if (result.adminSkipped) {
    console.warn(`No Admin exists and ${result.adminSkipped} belongs to another user; set ADMIN_EMAIL to a free address.`);
  }
  if (!result.adminCreated) return;
  const { email, generatedPassword } = result.adminCreated;
  if (generatedPassword) {
    console.log(
      [
        '',
        'First admin account created. This password is shown only once:',
        `  email:    ${email}`,
        `  password: ${generatedPassword}`,
        '',
      ].join('\n'),
    );
  } else {
    console.log(`First admin account created: ${email} (password from ADMIN_PASSWORD)`);
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
    printAdmin(seedResult);
    await app.listen({ port: config.port, host: config.host });
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
