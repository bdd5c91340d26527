import { startLocalS3 } from '../support/local-s3';
import { startTestServer } from '../support/test-server';

/**
 * One real server (the production build) on a fresh database; tests read its address from E2E_BASE_URL. Beside
 * it a local S3-compatible server with one bucket, so the S3 browser works end to end (uploads go from the
 * browser straight to it through presigned URLs).
 */
export const E2E_BUCKET = 'e2e-studio-files';

export default async function globalSetup() {
  const s3 = await startLocalS3([E2E_BUCKET]);
  // A server that cannot start (a stale build, a busy port) must not leave the S3 stand-in holding the run open.
  const server = await startTestServer({ BELL_POLL_MS: '1500', ...s3.env }).catch(async (error: unknown) => {
    await s3.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    await server.stop();
    await s3.stop();
  };
}
