import { startTestServer } from '../support/test-server';

/** One real server (the production build) on a fresh database; tests read its address from E2E_BASE_URL. */
export default async function globalSetup() {
  const server = await startTestServer({ BELL_POLL_MS: '1500' });
  process.env.E2E_BASE_URL = server.baseUrl;
  return () => server.stop();
}
