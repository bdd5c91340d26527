import type { TestProject } from 'vitest/node';
import { startTestServer } from '../support/test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    database: 'pglite' | 'postgres';
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('database', server.database);
  return () => server.stop();
}
