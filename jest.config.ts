import type { Config } from 'jest';

const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
};

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
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/test/client'],
      transform: tsJest,
      setupFilesAfterEnv: ['<rootDir>/test/client/setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/test/client/file-stub.ts' },
    },
  ],
};

export default config;
