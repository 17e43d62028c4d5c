/**
 * Saved-search alerts with two servers on one PostgreSQL database: a change written by another
 * process (the import CLI's own connection) reaches the servers by NOTIFY, and one of them — never
 * both — runs the matching pass and sends the e-mail.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { buildApp } from '../../../../src/server/app';
import { createDatabase, type Database } from '../../../../src/server/db/database';
import { noteListingsChanged } from '../../../../src/server/modules/listings';
import {
  ADMIN,
  GENEROUS_RATE_LIMITS,
  TEST_SCRYPT_COST,
  createCapturingMailer,
  signup,
  type CapturingMailer,
} from '../../helpers';
import { importListings, saveSearch } from './alerts-fixtures';

const url = process.env.DATABASE_URL;
if (!url) console.warn('alerts-cluster.test.ts skipped: it needs DATABASE_URL');
const describePg = url ? describe : describe.skip;

jest.setTimeout(120_000);

describePg('saved-search alerts with two servers on one PostgreSQL database', () => {
  const schema = `test_alerts_${randomBytes(5).toString('hex')}`;
  let servers: Array<{ app: FastifyInstance; mailer: CapturingMailer }> = [];
  /** The import CLI's own connection to the same database. */
  let cli: Database;
  let dir: string;

  const start = async () => {
    const mailer = createCapturingMailer();
    const app = await buildApp({
      logger: false,
      inMemory: true,
      schema,
      mailer,
      scryptCost: TEST_SCRYPT_COST,
      rateLimits: GENEROUS_RATE_LIMITS,
      // Only notices (and the test) start a turn.
      alerts: { pollMs: 3_600_000 },
      config: {
        databaseUrl: url,
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        publicUrl: 'https://dealmap.test',
        clientDir: '/nonexistent/dealmap-client',
        jwtSecret: 'shared-secret-for-two-servers-0123456789abcdef',
      },
    });
    return { app, mailer };
  };
  const workers = () => servers.map((s) => s.app.dealmap.alerts);
  const idle = () => Promise.all(workers().map((w) => w.idle()));
  const until = async (check: () => Promise<boolean> | boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-alerts-cluster-'));
    servers = await Promise.all([start(), start()]);
    cli = await createDatabase({ databaseUrl: url, schema });
    await until(() => workers().every((w) => w.listening));
    await idle();
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.app.close()));
    await cli?.close();
    const pool = new Pool({ connectionString: url, max: 1 });
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a change made by another process reaches both servers, and one of them matches and e-mails it once', async () => {
    const [a] = servers;
    const user = await signup(a.app);
    await importListings(cli.db, dir, [{ key: 'K1', price: 250_000 }]);
    await until(async () => (await sql<{ n: number }>`select count(*)::int as n from properties`.execute(cli.db)).rows[0].n > 0);
    const search = await saveSearch(cli.db, user.user._id, { name: 'Shared' });
    await idle();
    const passesBefore = workers().map((w) => w.passes.length);

    // One change, one notice: the listing and the signal committed together by the CLI's connection.
    await cli.db.transaction().execute(async (trx) => {
      await sql`
        insert into properties (listing_key, list_price, latitude, longitude, address_full, city, state, zip)
        values ('K2', 260000, 30.26, -97.74, '9 SHARED ST', 'Austin', 'TX', '78704')`.execute(trx);
      await noteListingsChanged(trx);
    });
    await until(async () => servers.reduce((n, s) => n + s.mailer.messages.length, 0) > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await idle();

    const passes = workers().map((w, i) => w.passes.length - passesBefore[i]);
    expect(passes.reduce((x, y) => x + y, 0)).toBe(1);
    const messages = servers.flatMap((s) => s.mailer.messages);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: user.email, subject: 'Dealmap: 1 new match for "Shared"' });
    const rows = await sql<{ reason: string }>`select reason from alert_matches where search_id = ${search}`.execute(cli.db);
    expect(rows.rows).toEqual([{ reason: 'new' }]);
  });

  it('picks up `npm run import` on another connection by its notice, without polling', async () => {
    const user = await signup(servers[1].app);
    const search = await saveSearch(cli.db, user.user._id, { name: 'Imported elsewhere' });
    await idle();
    await importListings(cli.db, dir, [
      { key: 'K1', price: 250_000 },
      { key: 'K3', price: 275_000, latitude: 30.27 },
    ]);
    await until(async () => (await sql`select 1 from alert_matches where search_id = ${search}`.execute(cli.db)).rows.length > 0);
    await until(() => servers.some((s) => s.mailer.messages.some((m) => m.to === user.email)));
    await idle();
    expect(servers.flatMap((s) => s.mailer.messages).filter((m) => m.to === user.email)).toHaveLength(1);
  });
});
