import type { Health } from '../../shared/schemas/health';

/** What /healthz and /readyz report: the start's state and progress. */
export interface StartupStatus {
  current(): Omit<Health, 'status'>;
  /** Ready and its background follow-up done too (the demo market's past listings); ready alone when absent. */
  settled?(): boolean;
  /** Stops the work at shutdown (the app calls it before closing the database). */
  stop?(): Promise<void>;
}

/** A server with nothing to do at start (tests, and buildApp without StartupWork). */
export const READY: StartupStatus = { current: () => ({ state: 'ready', progress: null }) };
