import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-server';

/**
 * A local S3-compatible server (s3rver, an npm package implementing the S3 API on the file system) with the
 * given buckets, each allowing the browser's presigned PUT/GET from any origin (CORS) and exposing ETag, which
 * a multipart upload needs to finish. Its fixed key pair is S3RVER/S3RVER.
 */
export async function startLocalS3(buckets: string[], options: { port?: number } = {}) {
  const { default: S3rver } = (await import('s3rver' as string)) as unknown as { default: new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> } };
  const directory = mkdtempSync(join(tmpdir(), 'gsm-s3-'));
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const port = options.port ?? (await freePort());
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [cors] })) });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** What a console server needs to browse these buckets. */
    env: { S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_BUCKETS: buckets.join(',') },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
