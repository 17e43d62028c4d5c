import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Pool } from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import type { Db } from '../../src/server/db/database';
import type { MailMessage, Mailer } from '../../src/server/modules/mail/mailer';

/** Cheap hashing for tests; production uses N=2^17. */
export const TEST_SCRYPT_COST = { N: 2 ** 14 };

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url?: string;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. Use with describe.each. */
export const DATABASES: TestDatabase[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.DATABASE_URL }] : []),
];

/** High enough that only the rate-limit tests ever meet a limit. */
export const GENEROUS_RATE_LIMITS = {
  loginPerMinute: 1000,
  loginPerMinutePerAddress: 1000,
  signupPerHour: 1000,
  forgotPasswordPerHour: 1000,
  forgotPasswordPerHourPerAddress: 1000,
};

export const ADMIN = { email: 'admin@test.dealmap', password: 'admin-password-1' };

export interface CapturingMailer extends Mailer {
  messages: Array<MailMessage & { from: string }>;
  /** Waits for the next message to `to` (mail is sent in the background). */
  waitFor(to: string, timeoutMs?: number): Promise<MailMessage & { from: string }>;
}

export function createCapturingMailer(): CapturingMailer {
  const messages: Array<MailMessage & { from: string }> = [];
  return {
    kind: 'custom',
    messages,
    async send(message) {
      messages.push(message);
    },
    async waitFor(to, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...messages].reverse().find((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  mailer: CapturingMailer;
  close(): Promise<void>;
}

/** A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL schema dropped on close. */
export async function createTestApp(database: TestDatabase, options: BuildAppOptions = {}): Promise<TestApp> {
  const mailer = createCapturingMailer();
  const schema = database.url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const app = await buildApp({
    logger: false,
    inMemory: true,
    mailer,
    scryptCost: TEST_SCRYPT_COST,
    schema,
    ...options,
    rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.rateLimits },
    config: {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      publicUrl: 'https://dealmap.test',
      clientDir: '/nonexistent/dealmap-client',
      // "Back up now" (the fuzz suite calls it as an Admin) never writes into the project's ./data.
      backupDir: path.join(os.tmpdir(), 'dealmap-test-backups'),
      ...options.config,
      databaseUrl: database.url,
    },
  });
  return {
    app,
    db: app.dealmap.ctx.db,
    mailer,
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
}

let counter = 0;
/** A unique address per call, so tests in one app do not collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely; their assertions check the shape
export function json<T = any>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

export async function signup(app: FastifyInstance, email = uniqueEmail(), password = 'password123') {
  const response = await app.inject({ method: 'POST', url: '/api/v1/signup', payload: { email, password } });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { email, password, ...json(response).data } as {
    email: string;
    password: string;
    token: string;
    refreshToken: string;
    user: { _id: string };
  };
}

export function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password } });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Jest's default 5 s is too short for starting PGlite on a slow machine. */
export const SETUP_TIMEOUT = 60_000;

/** GET /api/v1/auth/searchProperties with these query parameters, as the signed-in `token`. */
export function searchProperties(app: FastifyInstance, token: string, params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: `/api/v1/auth/searchProperties?${query}`, headers: bearer(token) });
}
