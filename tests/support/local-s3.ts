import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-server';

/**
 * A local S3-compatible server (s3rver, an npm package implementing the S3 API on the file system) with the
 * given buckets, each allowing the browser's presigned PUT/GET from any origin (CORS) and exposing ETag, which
 * a multipart upload needs to finish. Its fixed key pair is S3RVER/S3RVER. It runs in a child process started
 * with --openssl-legacy-provider (local-s3-main.mjs): s3rver's list continuation tokens use DES, and without it
 * every truncated listing (a folder over one page) answered InternalError.
 */
export async function startLocalS3(buckets: string[], options: { port?: number } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'gsm-s3-'));
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(import.meta.dirname, 'local-s3-main.mjs'), String(port), directory, ...buckets], {
    env: { ...process.env, S3_CORS: cors },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the local S3 server exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready();
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** What a console server needs to browse these buckets. */
    env: { S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_BUCKETS: buckets.join(',') },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
