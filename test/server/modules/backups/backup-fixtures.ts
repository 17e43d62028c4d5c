import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp, type BuildAppOptions } from '../../../../src/server/app';
import type { AppConfig } from '../../../../src/server/lib/app-config';
import { ADMIN, GENEROUS_RATE_LIMITS, TEST_SCRYPT_COST, bearer, createCapturingMailer, json, login } from '../../helpers';

/** A directory of its own under the system's temporary one, removed by the test. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `dealmap-${prefix}-`));
}

/** An app on the database `config` names (a PGlite DATA_DIR or a PostgreSQL database), as a server runs. */
export function startApp(config: Partial<AppConfig>, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    logger: false,
    mailer: createCapturingMailer(),
    scryptCost: TEST_SCRYPT_COST,
    rateLimits: GENEROUS_RATE_LIMITS,
    ...options,
    config: {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      publicUrl: 'https://dealmap.test',
      clientDir: '/nonexistent/dealmap-client',
      ...config,
    },
  });
}

/** A new, empty PostgreSQL database beside DATABASE_URL's; its address and its drop. */
export async function createPostgresDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const pool = new Pool({ connectionString: baseUrl, max: 1 });
  try {
    await pool.query(`create database "${name}"`);
  } finally {
    await pool.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new Pool({ connectionString: baseUrl, max: 1 });
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

export async function adminToken(app: FastifyInstance): Promise<string> {
  const response = await login(app, ADMIN.email, ADMIN.password);
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  return json(response).data.token as string;
}

/** GET /admin/backups as `token`: the status. */
export async function backupStatus(app: FastifyInstance, token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/backups', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET /admin/backups: ${response.statusCode} ${response.body}`);
  return json(response).data;
}

/** Polls the status until no backup is being written (as the admin section does) and returns it. */
export async function settledStatus(app: FastifyInstance, token: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await backupStatus(app, token);
    if (!status.running) return status;
    if (Date.now() > deadline) throw new Error('the backup did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** "Back up now" as an Admin, waited for; the new backup's path. */
export async function backUpNow(app: FastifyInstance, token: string, dir: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/admin/backups', headers: bearer(token) });
  if (response.statusCode !== 202) throw new Error(`POST /admin/backups: ${response.statusCode} ${response.body}`);
  if (!json(response).data.started) throw new Error('the backup did not start');
  const status = await settledStatus(app, token);
  if (status.lastFailure) throw new Error(status.lastFailure.error);
  return path.join(dir, status.backups[0].name as string);
}
