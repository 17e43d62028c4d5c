import type * as NodeRequireModule from './node-require';

/**
 * Jest setup file of the server project (jest.config.ts `setupFiles`): packages Jest's CommonJS
 * module sandbox cannot load are loaded by Node itself (see node-require.ts). ES-module-only
 * packages (kysely 0.29) need Node's require(esm); content-disposition and cookie are loaded by
 * Fastify plugins the same way. (PGlite runs on a worker thread of its own: db/pglite-thread.ts.)
 */
const outside = (name: string): unknown => jest.requireActual<typeof NodeRequireModule>('./node-require').nodeRequire(name);

jest.mock('kysely', () => outside('kysely'));
jest.mock('kysely/migration', () => outside('kysely/migration'));
jest.mock('content-disposition', () => outside('content-disposition'));
jest.mock('cookie', () => outside('cookie'));
jest.mock('jose', () => outside('jose'));
