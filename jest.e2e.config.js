import baseConfig from './jest.config.js';

/** Browser journeys against a running stack (npm test starts one on E2E_PORT). */
export default {
  ...baseConfig,
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  testTimeout: 60_000,
};
