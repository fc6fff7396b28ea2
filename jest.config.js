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
  // In one process, every file's ESM module registry (Nest, TypeORM, ESLint for the lint rules' own
  // spec) stayed on the heap until Node ran out of it at the 131st of 138 files. A worker of its own
  // is started again once it holds this much between files.
  workerIdleMemoryLimit: '1.5GB',
  testTimeout: 30_000,
  // A file that fails in its teardown can leave a client or a child process behind; the run must
  // still end with its verdict rather than wait for CI's time limit (as one did on a hung shutdown).
  forceExit: true,
  testMatch: ['<rootDir>/{api,workers,integration,libs,infra}/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.ts'],
};
