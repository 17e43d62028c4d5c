import { envText } from './env-text';

/**
 * How the server process starts and stops (index.ts only: an app built in a test never reads them;
 * docs/deploy.md, "Upgrading").
 */
export interface LifecycleConfig {
  /** MIGRATE_ON_START: apply pending migrations at start (default); 0 = they are run apart (`npm run migrate`). */
  migrateOnStart: boolean;
  /** SHUTDOWN_GRACE_MS: after SIGTERM, how long the server keeps answering with /readyz at 503 before it drains. */
  shutdownGraceMs: number;
  /** SHUTDOWN_DRAIN_MS: then, how long the requests in flight get to finish. */
  shutdownDrainMs: number;
}

/** Longer than deploy/nginx.conf's upstream keepalive_timeout (4 s): nginx drops its idle connections first. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;
export const DEFAULT_SHUTDOWN_DRAIN_MS = 10_000;
/** The settings' ceiling: a stop must end within what orchestrators wait before SIGKILL. */
export const MAX_SHUTDOWN_MS = 120_000;
/** What the app's own close (background work, the pool) gets after the drain before the process gives up. */
export const SHUTDOWN_CLOSE_MS = 10_000;

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = envText(env[name]);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX_SHUTDOWN_MS) {
    throw new Error(`${name} must be a whole number of milliseconds from 0 to ${MAX_SHUTDOWN_MS}, got "${raw}"`);
  }
  return Number(raw);
}

export function loadLifecycleConfig(env: NodeJS.ProcessEnv = process.env): LifecycleConfig {
  const migrate = envText(env.MIGRATE_ON_START) ?? '1';
  if (migrate !== '0' && migrate !== '1') throw new Error(`MIGRATE_ON_START must be 1 or 0, got "${migrate}"`);
  // The embedded database is one server: there is no other for a load balancer to move to meanwhile.
  const graceDefault = envText(env.DATABASE_URL) ? DEFAULT_SHUTDOWN_GRACE_MS : 0;
  return {
    migrateOnStart: migrate === '1',
    shutdownGraceMs: milliseconds(env, 'SHUTDOWN_GRACE_MS', graceDefault),
    shutdownDrainMs: milliseconds(env, 'SHUTDOWN_DRAIN_MS', DEFAULT_SHUTDOWN_DRAIN_MS),
  };
}

/** The longest a stop may take: past it the process (or WORKERS' primary, for its workers) gives up. */
export const stopLimitMs = (config: LifecycleConfig) => config.shutdownGraceMs + config.shutdownDrainMs + SHUTDOWN_CLOSE_MS;
