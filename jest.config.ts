import type { Config } from 'jest';

const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
};

/**
 * msw 2.11+ depends on ESM-only packages (rettime, until-async, @open-draft/deferred-promise 3, ...),
 * which Jest 29's CommonJS runtime can load only once compiled: the client project compiles `.mjs`
 * files and until-async's `.js` under node_modules with ts-jest, and ignores the rest as usual.
 */
const esmToCommonJs: [string, Record<string, unknown>] = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }];

const config: Config = {
  // Two cores here and in CI: run two test files at a time.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'shared',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/shared'],
      transform: tsJest,
    },
    {
      displayName: 'server',
      testEnvironment: '<rootDir>/test/server/host-date-environment.ts',
      roots: ['<rootDir>/test/server'],
      transform: tsJest,
      setupFiles: ['<rootDir>/test/server/native-modules.ts'],
    },
    {
      displayName: 'client',
      // jsdom with Node's fetch globals, which msw intercepts (the msw docs' Jest setup).
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/test/client'],
      transform: {
        ...tsJest,
        '/node_modules/.+\\.mjs$|/node_modules/until-async/.+\\.js$': esmToCommonJs,
      },
      transformIgnorePatterns: ['/node_modules/(?!until-async/)(?!.+\\.mjs$)'],
      setupFilesAfterEnv: ['<rootDir>/test/client/setup.ts'],
      moduleNameMapper: {
        '\\.(css|svg|png|jpg)$': '<rootDir>/test/client/file-stub.ts',
        // supercluster is an ES module; its UMD build (with kdbush inside) runs in Jest as it is.
        '^supercluster$': '<rootDir>/node_modules/supercluster/dist/supercluster.js',
      },
    },
  ],
};

export default config;
