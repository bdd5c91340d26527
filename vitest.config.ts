import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One real server (the production build) on a fresh database for the whole API suite.
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Servers the suites start themselves (scheduler.test.ts) seed a small demo studio, like test-server.ts.
          env: { DEMO_TELEMETRY_USERS: '400' },
        },
      },
    ],
  },
});
