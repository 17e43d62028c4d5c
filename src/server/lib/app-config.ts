import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, writePrivateFileSync } from './private-files';
import { envText } from './env-text';
import { parseResoFeed, type ResoFeedConfig } from './reso-feed-config';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

export type { ResoFeedConfig } from './reso-feed-config';
export type { TrustProxy } from './trust-proxy';

export interface RateLimits {
  /** POST /login, per account (lower-cased username) per minute. */
  loginPerMinute: number;
  /** POST /login, per client address per minute. */
  loginPerMinutePerAddress: number;
  /** POST /signup, per client address per hour. */
  signupPerHour: number;
  /** POST /forgot-password, per account per hour. */
  forgotPasswordPerHour: number;
  /** POST /forgot-password, per client address per hour. */
  forgotPasswordPerHourPerAddress: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerMinute: 10,
  loginPerMinutePerAddress: 30,
  signupPerHour: 10,
  forgotPasswordPerHour: 5,
  forgotPasswordPerHourPerAddress: 20,
};

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Streaming replicas the searches read from (DATABASE_READ_URL, comma-separated; PostgreSQL only). */
  databaseReadUrls: string[];
  /** A replica further behind the primary than this is not read from, ms (DATABASE_READ_MAX_LAG_MS). */
  databaseReadMaxLagMs: number;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  clientDir: string;
  googleMapsApiKey?: string;
  googleMapsMapId?: string;
  /** GOOGLE_MAPS_CHANNEL: the Maps usage-reporting channel (0–999, the spec's limit). */
  googleMapsChannel?: number;
  rateLimits: RateLimits;
  /** PostgreSQL connections per process (PG_POOL_SIZE). */
  pgPoolSize: number;
  /** How long a request waits for the database before 503 (DB_WAIT_LIMIT_MS; 0 = no limit). */
  dbWaitLimitMs: number;
  /** How long a request waits for its turn at the password hasher before 503 (HASH_WAIT_LIMIT_MS; 0 = no limit). */
  hashWaitLimitMs: number;
  /** Server processes behind the port (WORKERS; node:cluster): the cores with PostgreSQL, 1 with PGlite. */
  workers: number;
  /** How long a checked access token's session and role are remembered in-process, ms (AUTH_CACHE_TTL_MS; 0 = off). */
  authCacheTtlMs: number;
  /** How long a rotated refresh token still answers with the session's current tokens, ms (REFRESH_REUSE_GRACE_MS, 0–30,000). */
  refreshReuseGraceMs: number;
  /** Serve the API reference at /api/docs and its OpenAPI document (API_DOCS=1, or NODE_ENV=development). */
  apiDocs: boolean;
  /** Which proxies in front of the server to believe about the client's address and protocol (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** RATES_FEED_URL: a PMMS history CSV fetched weekly (and at start) into the rates; unset = no feed. */
  ratesFeedUrl?: string;
  /** ALERT_DIGEST_HOUR: the hour (0–23, the server's time zone) the saved searches' daily digests go out. */
  alertDigestHour: number;
  /** ACCURACY_HOUR: the hour (0–23, the server's time zone) the estimates' nightly backtest runs (docs/accuracy.md). */
  accuracyHour: number;
  /** The MLS listing feed (RESO_API_URL and its credentials, RESO_SYNC_MINUTES, RESO_FILTER); unset = no feed. */
  resoFeed?: ResoFeedConfig;
  /** METRICS_TOKEN: GET /metrics answers Prometheus with this bearer token; unset = metrics off. */
  metricsToken?: string;
  /** DEMO_LISTINGS: the demo listings index.ts loads on a start with an empty listings table (0: none, resolveConfig's default). */
  demoListings: number;
  /** BACKUP_DIR: where backups are written and listed (default DATA_DIR/backups; docs/deploy.md, "Backups and restores"). */
  backupDir: string;
  /** BACKUP_EVERY_HOURS: hours between the server's own backups; 0 = no schedule. */
  backupEveryHours: number;
  /** BACKUP_KEEP: how many of the newest backups BACKUP_DIR keeps (older ones are deleted after a backup). */
  backupKeep: number;
}

/**
 * RATES_FEED_URL: unset, or the http(s) address of a Freddie Mac PMMS history CSV (their
 * `historicalweeklydata` file, or a copy of it on your own server).
 */
export function parseRatesFeedUrl(value: string | undefined): string | undefined {
  const raw = envText(value);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`RATES_FEED_URL must be an http(s) address of a PMMS history CSV, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`RATES_FEED_URL must be an http:// or https:// address, got "${raw}"`);
  }
  if (url.username || url.password) {
    throw new Error('RATES_FEED_URL must not carry a user name or password (the Rates screen shows it)');
  }
  return url.toString();
}

/** The daily alert digests go out at this hour of the server's time zone unless ALERT_DIGEST_HOUR says otherwise. */
export const DEFAULT_ALERT_DIGEST_HOUR = 7;

/** The estimates' nightly backtest runs at this hour of the server's time zone unless ACCURACY_HOUR says otherwise. */
export const DEFAULT_ACCURACY_HOUR = 3;

/** An hour variable: unset (the default), or a whole hour from 0 to 23. */
function parseHour(name: string, value: string | undefined, fallback: number): number {
  const raw = envText(value);
  if (raw === undefined) return fallback;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > 23) {
    throw new Error(`${name} must be a whole hour from 0 to 23 (the server's time zone), got "${raw}"`);
  }
  return Number(raw);
}

/** ALERT_DIGEST_HOUR: unset, or a whole hour from 0 to 23. */
export const parseAlertDigestHour = (value: string | undefined): number =>
  parseHour('ALERT_DIGEST_HOUR', value, DEFAULT_ALERT_DIGEST_HOUR);

/** ACCURACY_HOUR: unset, or a whole hour from 0 to 23. */
export const parseAccuracyHour = (value: string | undefined): number => parseHour('ACCURACY_HOUR', value, DEFAULT_ACCURACY_HOUR);

export const DEFAULT_BACKUP_KEEP = 7;
/** BACKUP_EVERY_HOURS at most: a year. */
export const MAX_BACKUP_EVERY_HOURS = 8760;
export const MAX_BACKUP_KEEP = 1000;

/** BACKUP_EVERY_HOURS: unset or 0 (no schedule), or whole hours up to a year. */
export function parseBackupEveryHours(value: string | undefined): number {
  const raw = envText(value);
  if (raw === undefined) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_BACKUP_EVERY_HOURS) {
    throw new Error(
      `BACKUP_EVERY_HOURS must be a whole number of hours from 1 to ${MAX_BACKUP_EVERY_HOURS} (24 = daily), or 0 for no scheduled backups, got "${raw}"`,
    );
  }
  return Number(raw);
}

/** BACKUP_KEEP: unset (7), or a whole number from 1 to 1000. */
export function parseBackupKeep(value: string | undefined): number {
  const raw = envText(value);
  if (raw === undefined) return DEFAULT_BACKUP_KEEP;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BACKUP_KEEP) {
    throw new Error(
      `BACKUP_KEEP must be a whole number from 1 to ${MAX_BACKUP_KEEP} (how many of the newest backups to keep), got "${raw}"`,
    );
  }
  return Number(raw);
}

/** The package root: three levels above this file both in src/server/lib and in dist/server/lib. */
export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * PostgreSQL connections per server process. Two cores serve about all they can with 10 (more only
 * queue inside PostgreSQL); raise it with PG_POOL_SIZE on bigger machines, within max_connections.
 */
export const DEFAULT_PG_POOL_SIZE = 10;

/**
 * A request waits at most this long for a database connection (or a turn of the password hasher),
 * then gets 503 with Retry-After instead of hanging; background work waits as long as it takes.
 */
export const DEFAULT_DB_WAIT_LIMIT_MS = 10_000;

/**
 * A sign-in, sign-up or password change waits at most this long for its turn at the password hasher,
 * then gets 503 with a Retry-After from the queue's length. Shorter than the database's limit: these
 * are public calls with the spec's 5 s client timeout, and a hash takes 0.3–1 s on two cores, so
 * past 3 s of queueing the browser would give up before the answer came.
 */
export const DEFAULT_HASH_WAIT_LIMIT_MS = 3_000;

/** A checked token's session and role are remembered this long (writes to users or sessions forget them at once). */
export const DEFAULT_AUTH_CACHE_TTL_MS = 5000;

/**
 * Two tabs of one browser may both present the same refresh token, one a moment after the other
 * rotated it: within this window the second gets the session's current tokens; after it, a reused
 * token ends the session (it was copied). The client serialises refreshes across tabs (Web Locks),
 * so the window only covers a browser without them or a slow storage event.
 */
export const DEFAULT_REFRESH_REUSE_GRACE_MS = 15_000;
export const MAX_REFRESH_REUSE_GRACE_MS = 30_000;

export const DEFAULT_MAIL_FROM = 'Dealmap <no-reply@dealmap.local>';

const RATE_LIMIT_ENV: Record<keyof RateLimits, string> = {
  loginPerMinute: 'RATE_LIMIT_LOGIN_PER_MINUTE',
  loginPerMinutePerAddress: 'RATE_LIMIT_LOGIN_PER_MINUTE_PER_ADDRESS',
  signupPerHour: 'RATE_LIMIT_SIGNUP_PER_HOUR',
  forgotPasswordPerHour: 'RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR',
  forgotPasswordPerHourPerAddress: 'RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR_PER_ADDRESS',
};

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = envText(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of 0 or more, got "${raw}"`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = envText(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** GOOGLE_MAPS_CHANNEL: unset, or a whole number from 0 to 999 (the Maps API's channels). */
function mapsChannel(env: NodeJS.ProcessEnv): number | undefined {
  const raw = envText(env.GOOGLE_MAPS_CHANNEL);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 999) {
    throw new Error(`GOOGLE_MAPS_CHANNEL must be a whole number from 0 to 999 (a Maps usage-reporting channel), got "${raw}"`);
  }
  return value;
}

function refreshReuseGrace(env: NodeJS.ProcessEnv): number {
  const value = nonNegativeInt(env, 'REFRESH_REUSE_GRACE_MS', DEFAULT_REFRESH_REUSE_GRACE_MS);
  if (value > MAX_REFRESH_REUSE_GRACE_MS) {
    throw new Error(`REFRESH_REUSE_GRACE_MS must be at most ${MAX_REFRESH_REUSE_GRACE_MS} (30 s), got ${value}`);
  }
  return value;
}

/**
 * JWT_SECRET, or a secret generated once and kept in DATA_DIR/jwt-secret (mode 0600),
 * so access tokens stay valid across restarts of a single server.
 */
export function resolveJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  // An older install's directory and secret are made private too.
  ensurePrivateDir(dataDir);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) {
      fs.chmodSync(file, PRIVATE_FILE_MODE);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64).toString('hex');
  try {
    writePrivateFileSync(file, `${secret}\n`);
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

/** A replica more than this behind its primary is not read from (DATABASE_READ_MAX_LAG_MS). */
export const DEFAULT_READ_MAX_LAG_MS = 2000;

/** DATABASE_READ_URL: PostgreSQL addresses, comma-separated, beside a DATABASE_URL. */
function readUrls(env: NodeJS.ProcessEnv): string[] {
  const raw = envText(env.DATABASE_READ_URL);
  if (raw === undefined) return [];
  if (envText(env.DATABASE_URL) === undefined) {
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: read replicas are replicas of a PostgreSQL primary');
  }
  const urls = raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        `DATABASE_READ_URL must be postgres:// addresses separated by commas; "${url.replace(/:[^:@/]*@/, ':***@')}" is not one`,
      );
    }
  }
  return urls;
}

/**
 * WORKERS: how many server processes share the port. Defaults to the machine's cores with
 * DATABASE_URL; PGlite is one process (its data directory is locked), so more is refused there.
 */
function workers(env: NodeJS.ProcessEnv): number {
  const onPostgres = envText(env.DATABASE_URL) !== undefined;
  const count = positiveInt(env, 'WORKERS', onPostgres ? os.availableParallelism() : 1);
  if (count > 1 && !onPostgres) {
    throw new Error(
      `WORKERS=${count} needs DATABASE_URL: the embedded PGlite database serves one process. Set DATABASE_URL to a PostgreSQL database to run several server processes, or unset WORKERS.`,
    );
  }
  return count;
}

/** BACKUP_DIR, absolute; unset: resolveConfig's DATA_DIR/backups. */
function backupDirOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = envText(env.BACKUP_DIR);
  return raw === undefined ? undefined : path.resolve(raw);
}

/** The configuration from the environment (index.ts, the CLI): each variable checked, the rest defaulted. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(envText(env.DATA_DIR) ?? './data');
  const rateLimits = { ...DEFAULT_RATE_LIMITS };
  for (const key of Object.keys(RATE_LIMIT_ENV) as Array<keyof RateLimits>) {
    rateLimits[key] = positiveInt(env, RATE_LIMIT_ENV[key], DEFAULT_RATE_LIMITS[key]);
  }
  const clientDir = envText(env.CLIENT_DIR);
  return resolveConfig({
    port: positiveInt(env, 'PORT', DEFAULT_PORT),
    host: envText(env.HOST),
    dataDir,
    databaseUrl: envText(env.DATABASE_URL),
    databaseReadUrls: readUrls(env),
    databaseReadMaxLagMs: positiveInt(env, 'DATABASE_READ_MAX_LAG_MS', DEFAULT_READ_MAX_LAG_MS),
    jwtSecret: resolveJwtSecret(dataDir, envText(env.JWT_SECRET)),
    smtpUrl: envText(env.SMTP_URL),
    mailFrom: envText(env.MAIL_FROM),
    publicUrl: envText(env.PUBLIC_URL),
    adminEmail: envText(env.ADMIN_EMAIL)?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: envText(env.LOG_LEVEL),
    clientDir: clientDir ? path.resolve(clientDir) : undefined,
    googleMapsApiKey: envText(env.GOOGLE_MAPS_API_KEY),
    googleMapsMapId: envText(env.GOOGLE_MAPS_MAP_ID),
    googleMapsChannel: mapsChannel(env),
    rateLimits,
    pgPoolSize: positiveInt(env, 'PG_POOL_SIZE', DEFAULT_PG_POOL_SIZE),
    dbWaitLimitMs: nonNegativeInt(env, 'DB_WAIT_LIMIT_MS', DEFAULT_DB_WAIT_LIMIT_MS),
    hashWaitLimitMs: nonNegativeInt(env, 'HASH_WAIT_LIMIT_MS', DEFAULT_HASH_WAIT_LIMIT_MS),
    workers: workers(env),
    authCacheTtlMs: nonNegativeInt(env, 'AUTH_CACHE_TTL_MS', DEFAULT_AUTH_CACHE_TTL_MS),
    refreshReuseGraceMs: refreshReuseGrace(env),
    apiDocs: envText(env.API_DOCS) === '1' || envText(env.NODE_ENV) === 'development',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ratesFeedUrl: parseRatesFeedUrl(env.RATES_FEED_URL),
    alertDigestHour: parseAlertDigestHour(env.ALERT_DIGEST_HOUR),
    accuracyHour: parseAccuracyHour(env.ACCURACY_HOUR),
    resoFeed: parseResoFeed(env),
    demoListings: parseDemoListings(env),
    backupDir: backupDirOf(env),
    backupEveryHours: parseBackupEveryHours(env.BACKUP_EVERY_HOURS),
    backupKeep: parseBackupKeep(env.BACKUP_KEEP),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
  });
}

/**
 * Every field left unset at its default, touching neither the environment nor the disk: what
 * loadConfig read, or a test's few fields (buildApp).
 */
export function resolveConfig(partial: Partial<AppConfig> = {}): AppConfig {
  const port = partial.port ?? DEFAULT_PORT;
  return {
    port,
    host: partial.host ?? '0.0.0.0',
    dataDir: path.resolve(partial.dataDir ?? './data'),
    databaseUrl: partial.databaseUrl,
    databaseReadUrls: partial.databaseReadUrls ?? [],
    databaseReadMaxLagMs: partial.databaseReadMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
    jwtSecret: partial.jwtSecret ?? randomBytes(64).toString('hex'),
    smtpUrl: partial.smtpUrl,
    mailFrom: partial.mailFrom ?? DEFAULT_MAIL_FROM,
    publicUrl: (partial.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminEmail: partial.adminEmail,
    adminPassword: partial.adminPassword,
    logLevel: partial.logLevel ?? 'info',
    clientDir: partial.clientDir ?? path.join(PACKAGE_ROOT, 'dist', 'client'),
    googleMapsApiKey: partial.googleMapsApiKey,
    googleMapsMapId: partial.googleMapsMapId,
    googleMapsChannel: partial.googleMapsChannel,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...partial.rateLimits },
    pgPoolSize: partial.pgPoolSize ?? DEFAULT_PG_POOL_SIZE,
    dbWaitLimitMs: partial.dbWaitLimitMs ?? DEFAULT_DB_WAIT_LIMIT_MS,
    hashWaitLimitMs: partial.hashWaitLimitMs ?? DEFAULT_HASH_WAIT_LIMIT_MS,
    workers: partial.workers ?? 1,
    authCacheTtlMs: partial.authCacheTtlMs ?? DEFAULT_AUTH_CACHE_TTL_MS,
    refreshReuseGraceMs: partial.refreshReuseGraceMs ?? DEFAULT_REFRESH_REUSE_GRACE_MS,
    apiDocs: partial.apiDocs ?? false,
    trustProxy: partial.trustProxy ?? false,
    ratesFeedUrl: partial.ratesFeedUrl,
    alertDigestHour: partial.alertDigestHour ?? DEFAULT_ALERT_DIGEST_HOUR,
    accuracyHour: partial.accuracyHour ?? DEFAULT_ACCURACY_HOUR,
    resoFeed: partial.resoFeed,
    demoListings: partial.demoListings ?? 0,
    backupDir: path.resolve(partial.backupDir ?? path.join(partial.dataDir ?? './data', 'backups')),
    backupEveryHours: partial.backupEveryHours ?? 0,
    backupKeep: partial.backupKeep ?? DEFAULT_BACKUP_KEEP,
    metricsToken: partial.metricsToken,
  };
}

/** A metrics token shorter than this is refused: it is the only thing between the metrics and the internet. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** METRICS_TOKEN: unset (metrics off), or a secret of 16 or more characters without spaces. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const raw = envText(value);
  if (raw === undefined) return undefined;
  if (raw.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(raw)) {
    throw new Error(
      `METRICS_TOKEN must be ${MIN_METRICS_TOKEN_LENGTH} or more characters without spaces (e.g. the output of \`openssl rand -hex 32\`); got ${raw.length} characters`,
    );
  }
  return raw;
}

export const DEFAULT_PORT = 3000;
export const DEFAULT_DEMO_LISTINGS = 20_000;

/**
 * DEMO_LISTINGS: unset → the default count, or none when an MLS feed is configured (RESO_API_URL: the
 * feed's listings are the real ones, and its daily reconciliation would take the demo's off the map);
 * 0 → no demo data; otherwise a non-negative integer.
 */
export function parseDemoListings(env: NodeJS.ProcessEnv): number {
  const raw = envText(env.DEMO_LISTINGS);
  if (!raw) return envText(env.RESO_API_URL) ? 0 : DEFAULT_DEMO_LISTINGS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`DEMO_LISTINGS must be a non-negative integer, got "${raw}"`);
  return value;
}
