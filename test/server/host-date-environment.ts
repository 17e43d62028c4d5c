import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';

/**
 * Jest's node environment with the host's Date. Packages loaded outside Jest's sandbox (kysely:
 * native-modules.ts) recognise dates with `instanceof Date`, which a sandbox Date fails, and PGlite's
 * rows arrive from its thread (db/pglite-thread.ts) with the host's Dates; the server never meets
 * two realms outside Jest.
 */
export default class HostDateEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global.Date = Date;
  }
}
