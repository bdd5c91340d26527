import type { TestProject } from 'vitest/node';
import { startTestServer } from '../support/test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    database: 'pglite' | 'postgres';
  }
}

export default async function setup(project: TestProject) {
  // A short refresh-token grace, so security.test.ts can present a rotated token again past it; test faults, so
  // sdk-errors.test.ts can make the middleware throw (src/lib/server/faults.ts).
  const server = await startTestServer({ REFRESH_REUSE_GRACE_SECONDS: '2', GSM_TEST_FAULTS: '1' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('database', server.database);
  return () => server.stop();
}
