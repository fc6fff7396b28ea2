import { readFileSync } from 'node:fs';

const swcConfig = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swcConfig.$schema;

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcConfig, module: { type: 'es6' } }] },
  moduleNameMapper: {
    '^@shop/(contracts|config|db|payments|infrastructure|testing)$': '<rootDir>/libs/$1/src/index.ts',
    '^@shop/contracts/phone$': '<rootDir>/libs/contracts/src/phone.ts',
    '^@shop/sandbox$': '<rootDir>/infra/sandbox/src/index.ts',
    // Our sources name their .ts imports .js; a real .json.js file (libphonenumber-js metadata) keeps its name.
    '^(\\.{1,2}/.*)(?<!\\.json)\\.js$': '$1',
  },
  // Integration tests share the test database and its outbox: one file at a time.
  maxWorkers: 1,
  testTimeout: 30_000,
  // A file that fails in its teardown can leave a client or a child process behind; the run must
  // still end with its verdict rather than wait for CI's time limit (as one did on a hung shutdown).
  forceExit: true,
  testMatch: ['<rootDir>/{api,workers,integration,libs,infra}/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'],
};
