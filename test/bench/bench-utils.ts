import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { buildApp } from '../../src/server/app';
import { createDatabase, migrateToLatest, type Database, type Db } from '../../src/server/db/database';

/** A bench program: `run` prints figures; it throws only when something is broken, never for speed. */
export interface Bench {
  name: string;
  run(): Promise<void>;
}

export interface BenchDatabase {
  name: 'pglite' | 'postgres';
  url?: string;
}

/**
 * In-memory PGlite always; PostgreSQL too (in a fresh schema) when DATABASE_URL is set.
 * BENCH_DBS=pglite or BENCH_DBS=postgres runs one of them only.
 */
export const BENCH_DATABASES: BenchDatabase[] = (
  [
    { name: 'pglite' },
    ...(process.env.DATABASE_URL ? [{ name: 'postgres', url: process.env.DATABASE_URL }] : []),
  ] as BenchDatabase[]
).filter((d) => !process.env.BENCH_DBS || process.env.BENCH_DBS.split(',').includes(d.name));

export const BENCH_ADMIN = { email: 'admin@bench.dealmap', password: 'bench-password-1' };

export interface BenchApp {
  app: FastifyInstance;
  db: Db;
  token: string;
  /** A token with at least 5 minutes to live (access tokens last 15; a long bench outlives one). */
  freshToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A migrated, seeded app with a signed-in Admin; PostgreSQL runs in a schema dropped on close.
 * `build` is another checkout's buildApp when a bench compares two versions (BENCH_BASELINE).
 */
export async function openBenchApp(database: BenchDatabase, build: typeof buildApp = buildApp): Promise<BenchApp> {
  const schema = database.url ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const app = await build({
    logger: false,
    inMemory: true,
    schema,
    scryptCost: { N: 2 ** 14 },
    config: {
      adminEmail: BENCH_ADMIN.email,
      adminPassword: BENCH_ADMIN.password,
      clientDir: '/nonexistent/dealmap-client',
      databaseUrl: database.url,
    },
  });
  const signIn = async (): Promise<string> => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
    });
    if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.statusCode} ${login.body}`);
    return (JSON.parse(login.body) as { data: { token: string } }).data.token;
  };
  let signedInAt = Date.now();
  const bench: BenchApp = {
    app,
    db: app.dealmap.ctx.db,
    token: await signIn(),
    async freshToken() {
      if (Date.now() - signedInAt > 10 * 60_000) {
        bench.token = await signIn();
        signedInAt = Date.now();
      }
      return bench.token;
    },
    async close() {
      await app.close();
      if (schema && database.url) {
        const pool = new Pool({ connectionString: database.url, max: 1 });
        try {
          await pool.query(`drop schema if exists "${schema}" cascade`);
        } finally {
          await pool.end();
        }
      }
    },
  };
  return bench;
}

export interface Timing {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

/** Runs `work` `warmup` times unmeasured, then `runs` times; the median, min and max in ms. */
export async function measure(work: () => Promise<unknown>, runs = 7, warmup = 1): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const medianMs = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { medianMs, minMs: times[0], maxMs: times[times.length - 1], runs };
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
}

export const ms = (value: number): string => value.toFixed(1);

/** A fresh migrated database: PGlite in a temporary directory, or PostgreSQL in a new schema. */
export async function freshDatabase(database: BenchDatabase): Promise<{ database: Database; close(): Promise<void> }> {
  const dir = database.url ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-bench-'));
  const schema = database.url ? `bench_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}` : undefined;
  const db = await createDatabase({ databaseUrl: database.url, dataDir: dir, schema, waitLimitMs: 0 });
  await migrateToLatest(db);
  return {
    database: db,
    async close() {
      if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(db.db);
      await db.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
