import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountContract } from '../../src/lib/accounts/contract';
import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type ApiError, type Requester } from '../../src/lib/http/requester';
import { accountLogContract } from '../../src/lib/logs/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { PART_SIZE, s3DeleteContract, s3DownloadContract, s3ListContract, s3UploadCompleteContract, s3UploadStartContract } from '../../src/lib/s3/contract';
import { startLocalS3 } from '../support/local-s3';
import { scratchDatabase, startServer } from '../support/own-server';

/**
 * The S3 browser against a local S3-compatible server started here (s3rver), through a console server of its
 * own pointed at it (PGlite, or PostgreSQL with TEST_DATABASE_URL). Bytes travel as the browser sends them:
 * straight to S3 through the presigned URLs the console hands out.
 */

const BUCKET = 'studio-builds';
const OTHER = 'not-configured';
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let server: Awaited<ReturnType<typeof startServer>>;
let root: Requester;
let rootToken = '';
const run = randomUUID().slice(0, 8);

beforeAll(async () => {
  s3 = await startLocalS3([BUCKET, OTHER]);
  const pg = process.env.TEST_DATABASE_URL;
  server = await startServer({
    ...s3.env,
    S3_BUCKETS: BUCKET,
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
    ...(pg ? { DATABASE_URL: await scratchDatabase(pg, 's3') } : {}),
  });
  rootToken = await server.signIn();
  root = createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${rootToken}` } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: ApiError) => error.status);

/** A raw request the typed requester would refuse to send (it validates first). */
async function rawCall(method: string, path: string, query: Record<string, string>, token = rootToken) {
  const url = `${server.baseUrl}${path}?${new URLSearchParams(query)}`;
  const answer = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: (await answer.json()) as { message?: string } };
}

async function putThroughConsole(key: string, bytes: Buffer) {
  const { data: start } = await root(s3UploadStartContract, { bucket: BUCKET, key, size: bytes.length, contentType: 'application/octet-stream' });
  if (start.mode === 'single') {
    const put = await fetch(start.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/octet-stream' } });
    expect(put.status).toBe(200);
    return (await root(s3UploadCompleteContract, { bucket: BUCKET, key })).data;
  }
  const parts = [];
  for (const part of start.parts) {
    const chunk = bytes.subarray((part.partNumber - 1) * start.partSize, part.partNumber * start.partSize);
    const put = await fetch(part.url, { method: 'PUT', body: new Uint8Array(chunk) });
    expect(put.status).toBe(200);
    parts.push({ partNumber: part.partNumber, etag: put.headers.get('etag')! });
  }
  return (await root(s3UploadCompleteContract, { bucket: BUCKET, key, uploadId: start.uploadId, parts })).data;
}

describe('S3 browser', () => {
  it('uploads through a presigned PUT, lists it under its folder, downloads it by a presigned GET and deletes it, audited', async () => {
    const key = `builds/${run}/notes.txt`;
    const body = Buffer.from(`release notes ${run}`);
    const uploaded = await putThroughConsole(key, body);
    expect(uploaded).toMatchObject({ key, size: body.length });
    expect(uploaded.publicUrl).toBe(`${s3.endpoint}/${BUCKET}/builds/${run}/notes.txt`);

    const top = (await root(s3ListContract, { bucket: BUCKET, prefix: 'builds/' })).data;
    expect(top).toMatchObject({ configured: true, buckets: [BUCKET], bucket: BUCKET, canEdit: true });
    expect(top.folders).toContain(`builds/${run}/`);
    const inside = (await root(s3ListContract, { bucket: BUCKET, prefix: `builds/${run}/` })).data;
    expect(inside.objects.map((o) => [o.key, o.size])).toEqual([[key, body.length]]);
    expect(inside.objects[0]!.lastModified).toMatch(/^\d{4}-\d\d-\d\dT/);

    const { data: link } = await root(s3DownloadContract, { bucket: BUCKET, key });
    expect(link.url).toContain('X-Amz-Signature=');
    const fetched = await fetch(link.url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe(body.toString());
    // Short-lived: the URL carries the configured lifetime (S3_PRESIGN_SECONDS, default 300 s).
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('300');

    await root(s3DeleteContract, { bucket: BUCKET, key });
    expect((await root(s3ListContract, { bucket: BUCKET, prefix: `builds/${run}/` })).data.objects).toEqual([]);
    expect(await status(root(s3DeleteContract, { bucket: BUCKET, key }))).toBe(404);

    const { data: log } = await root(accountLogContract, { entity: 's3', page: 1, limit: 50 } as never);
    const mine = log.filter((r) => r.entityId === `${BUCKET}/${key}`).map((r) => r.action).sort();
    expect(mine).toEqual(['s3-delete', 's3-upload', 's3-upload-start']);
  });

  it('pages a folder larger than a page: every file and subfolder once, in order, then no next page', async () => {
    const base = `paging/${run}/`;
    const files = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt', 'f.txt', 'g.txt'].map((name) => `${base}${name}`);
    // Two subfolders among the files: a folder's keys must not reappear as files on a later page.
    const nested = [`${base}c-dir/x.txt`, `${base}c-dir/y.txt`, `${base}f-dir/z.txt`];
    for (const key of [...files, ...nested]) await putThroughConsole(key, Buffer.from(key));
    const seenFiles: string[] = [];
    const seenFolders: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const { data } = await root(s3ListContract, { bucket: BUCKET, prefix: base, limit: 3, ...(token ? { continuationToken: token } : {}) });
      // S3 counts files and folders toward the page size; s3rver counts files only.
      expect(data.objects.length).toBeLessThanOrEqual(3);
      seenFiles.push(...data.objects.map((o) => o.key));
      seenFolders.push(...data.folders);
      token = data.nextToken ?? undefined;
      pages++;
    } while (token && pages < 10);
    expect(seenFiles).toEqual(files);
    expect(seenFolders).toEqual([`${base}c-dir/`, `${base}f-dir/`]);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(token).toBeUndefined();
  });

  it('sends a file over the single-PUT size in presigned parts and joins them', async () => {
    const key = `creatives/${run}/big.bin`;
    const bytes = Buffer.alloc(16 * 1024 * 1024 + 1234, 7);
    bytes.write(run, bytes.length - 100);
    const { data: start } = await root(s3UploadStartContract, { bucket: BUCKET, key, size: bytes.length });
    expect(start.mode).toBe('multipart');
    if (start.mode === 'multipart') expect(start.parts).toHaveLength(Math.ceil(bytes.length / PART_SIZE));
    await root(s3DeleteContract, { bucket: BUCKET, key }).catch(() => undefined);
    const uploaded = await putThroughConsole(key, bytes);
    expect(uploaded.size).toBe(bytes.length);
    const { data: link } = await root(s3DownloadContract, { bucket: BUCKET, key });
    const back = Buffer.from(await (await fetch(link.url)).arrayBuffer());
    expect(back.equals(bytes)).toBe(true);
  }, 60_000);

  it('refuses a key with "..", an empty or folder key and a bucket not configured, naming the field', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['GET', '/api/appdata/aws/s3/download', { bucket: BUCKET, key: 'builds/../secret.txt' }, 'key'],
      ['GET', '/api/appdata/aws/s3/download', { bucket: BUCKET, key: '' }, 'key'],
      ['GET', '/api/appdata/aws/s3/download', { bucket: BUCKET, key: 'builds/' }, 'key'],
      ['DELETE', '/api/appdata/aws/s3/delete', { bucket: BUCKET, key: '../x' }, 'key'],
      ['GET', '/api/appdata/aws/s3', { bucket: BUCKET, prefix: 'a/../' }, 'prefix'],
      ['GET', '/api/appdata/aws/s3', { bucket: OTHER }, 'bucket'],
      ['GET', '/api/appdata/aws/s3/download', { bucket: OTHER, key: 'a.txt' }, 'bucket'],
      ['DELETE', '/api/appdata/aws/s3/delete', { bucket: '', key: 'a.txt' }, 'bucket'],
    ];
    for (const [method, path, query, field] of cases) {
      const answer = await rawCall(method, path, query);
      expect(answer.status, `${method} ${path} ${JSON.stringify(query)}`).toBe(400);
      expect(answer.body.message).toContain(field);
    }
    const upload = await fetch(`${server.baseUrl}/api/appdata/aws/s3/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rootToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bucket: OTHER, key: 'x.txt', size: 3 }),
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { message: string }).message).toContain('not a configured bucket');
  });

  it('lets the route list and download, and only s3_edit upload or delete', async () => {
    async function accountWith(privateActions: string[]) {
      const username = `s3${run}${privateActions.length}`;
      await root(saveRoleContract, { name: username, description: 's3 test', paths: ['/aws/index'], privateActions } as never);
      await root(createAccountContract, { username, role: username, password: `${username}-passphrase` } as never);
      const { data } = await createRequester({ baseUrl: server.baseUrl })(loginContract, { username, password: `${username}-passphrase` });
      return createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } });
    }
    const key = `perm/${run}/file.txt`;
    await putThroughConsole(key, Buffer.from('x'));
    const viewer = await accountWith([]);
    const listed = (await viewer(s3ListContract, { bucket: BUCKET, prefix: `perm/${run}/` })).data;
    expect(listed.canEdit).toBe(false);
    expect(listed.objects.map((o) => o.key)).toEqual([key]);
    expect(await status(viewer(s3DownloadContract, { bucket: BUCKET, key }))).toBe(200);
    expect(await status(viewer(s3UploadStartContract, { bucket: BUCKET, key: `perm/${run}/new.txt`, size: 1 }))).toBe(403);
    expect(await status(viewer(s3DeleteContract, { bucket: BUCKET, key }))).toBe(403);
    const editor = await accountWith(['s3_edit']);
    expect(await status(editor(s3DeleteContract, { bucket: BUCKET, key }))).toBe(200);
    const outsider = createRequester({ baseUrl: server.baseUrl });
    expect(await status(outsider(s3ListContract, { bucket: BUCKET }))).toBe(401);
  });
});
