import type { Config } from 'jest';

const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }],
};

const config: Config = {
  projects: [
    {
      displayName: 'shared',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/shared'],
      transform: tsJest,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      transform: tsJest,
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
