import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Actor, SessionAccount } from '../auth/types';
import { hasAnyAction } from '../permissions';
import { auditAs } from '../server/audit';
import { serverConfig, tunables, type S3Settings } from '../server/config';
import { decryptSecret } from '../server/crypto';
import type { Db } from '../server/db';
import { badRequest, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { PART_SIZE, SINGLE_PUT_MAX, type S3Listing, type S3Object } from './contract';
import { messageOf } from '../error-message';

let cachedClient: { settings: S3Settings; client: S3Client } | null = null;

/** The configured S3, or a 409 the screen shows as "not configured" (the list answers `configured: false` instead). */
function settings(): S3Settings {
  const s3 = tunables().s3;
  if (!s3) throw new HttpError(409, 'S3 is not configured on this server (S3_BUCKETS is unset).');
  return s3;
}

/** One client per process; the sealed secret is opened here, once, and never leaves the server. */
function client(): S3Client {
  const s3 = settings();
  if (cachedClient?.settings === s3) return cachedClient.client;
  const secret = s3.secretAccessKey && ('sealed' in s3.secretAccessKey ? decryptSecret(s3.secretAccessKey.sealed, serverConfig().secretKey) : s3.secretAccessKey.plain);
  const client = new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.accessKeyId && secret ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: secret } } : {}),
    // Local S3-compatible servers do not all speak the newer checksum headers; AWS accepts either.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  cachedClient = { settings: s3, client };
  return client;
}

/** Only configured buckets are listed or touched: 400 naming the field otherwise. */
function checkBucket(bucket: string): string {
  if (!settings().buckets.includes(bucket)) throw badRequest(`bucket: "${bucket}" is not a configured bucket.`);
  return bucket;
}

/** S3's own refusals become 4xx/502 with its message, never a 500 with a stack. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      if (status === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound') throw notFound(`${what}: not found in S3.`);
      throw new HttpError(502, `${what}: S3 answered ${error.name}${error.message && error.message !== error.name ? ` (${error.message})` : ''}.`);
    }
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, `${what}: S3 could not be reached (${messageOf(error)}).`);
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The object's public address (it opens only if the bucket or object is public; that is S3's policy, not ours). */
export function publicUrlOf(bucket: string, key: string): string {
  const s3 = settings();
  if (s3.publicUrlBase) return `${s3.publicUrlBase}/${bucket}/${encodeKey(key)}`;
  if (s3.endpoint) return `${s3.endpoint}/${bucket}/${encodeKey(key)}`;
  return `https://${bucket}.s3.${s3.region}.amazonaws.com/${encodeKey(key)}`;
}

/** The origin the browser talks to for presigned uploads and downloads (the S3 page allows it in its CSP). */
export function s3BrowserOrigin(): string | null {
  const s3 = tunables().s3;
  if (!s3) return null;
  if (s3.endpoint) return new URL(s3.endpoint).origin;
  return `https://*.amazonaws.com`;
}

const expiry = () => new Date(nowMs() + settings().presignSeconds * 1000).toISOString();

/** One page of a bucket's folders and files under a prefix; the first configured bucket when none is named. */
export async function listS3(viewer: SessionAccount, input: { bucket?: string; prefix: string; continuationToken?: string; limit: number }): Promise<S3Listing> {
  const canEdit = hasAnyAction(viewer, ['s3_edit']);
  const s3 = tunables().s3;
  if (!s3) return { configured: false, buckets: [], bucket: null, prefix: '', folders: [], objects: [], nextToken: null, canEdit };
  const bucket = checkBucket(input.bucket ?? s3.buckets[0]!);
  const answer = await call(`bucket ${bucket}`, () =>
    client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: input.prefix || undefined, Delimiter: '/', MaxKeys: input.limit, StartAfter: input.continuationToken || undefined })),
  );
  const folders = (answer.CommonPrefixes ?? []).map((p) => p.Prefix ?? '').filter(Boolean);
  // The page token is the key to start after (S3's StartAfter), not S3's opaque ContinuationToken: the local
  // S3 server the tests use fails on its own tokens, and this reads the same everywhere. After a folder the
  // next page starts past every key inside it ("a/" → "a0": '0' sorts right after '/').
  const lastKey = answer.Contents?.at(-1)?.Key ?? '';
  const lastFolder = folders.at(-1) ?? '';
  const next = lastFolder > lastKey ? `${lastFolder.slice(0, -1)}0` : lastKey;
  return {
    configured: true,
    buckets: s3.buckets,
    bucket,
    prefix: input.prefix,
    folders,
    objects: (answer.Contents ?? [])
      .filter((o) => o.Key && o.Key !== input.prefix)
      .map((o) => ({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified ? o.LastModified.toISOString() : null, publicUrl: publicUrlOf(bucket, o.Key!) })),
    nextToken: answer.IsTruncated && next ? next : null,
    canEdit,
  };
}

/** A presigned GET that lasts S3_PRESIGN_SECONDS; the download is not a change, so it is not audited. */
export async function presignDownload(input: { bucket: string; key: string }): Promise<{ url: string; expiresAt: string }> {
  const bucket = checkBucket(input.bucket);
  await call(`key ${input.key}`, () => client().send(new HeadObjectCommand({ Bucket: bucket, Key: input.key })));
  const url = await getSignedUrl(client(), new GetObjectCommand({ Bucket: bucket, Key: input.key, ResponseContentDisposition: `attachment; filename="${encodeURIComponent(input.key.split('/').pop()!)}"` }), { expiresIn: settings().presignSeconds });
  return { url, expiresAt: expiry() };
}

const auditS3 = (db: Db, actor: Actor, action: string, bucket: string, key: string, after?: unknown) =>
  db.transaction((tx) => auditAs(tx, actor, { action, entity: 's3', entityId: `${bucket}/${key}`, after }));

/** Starts an upload: a presigned PUT, or a multipart upload with presigned part URLs. Audited as the grant it is. */
export async function startUpload(db: Db, actor: Actor, input: { bucket: string; key: string; size: number; contentType: string }) {
  const bucket = checkBucket(input.bucket);
  const s3 = client();
  const expiresIn = settings().presignSeconds;
  const contentType = input.contentType || undefined;
  if (input.size <= SINGLE_PUT_MAX) {
    const url = await call('upload', () => getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: input.key, ContentType: contentType }), { expiresIn }));
    await auditS3(db, actor, 's3-upload-start', bucket, input.key, { size: input.size, mode: 'single' });
    return { mode: 'single' as const, url, expiresAt: expiry() };
  }
  const created = await call('upload', () => s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: input.key, ContentType: contentType })));
  const uploadId = created.UploadId!;
  const count = Math.ceil(input.size / PART_SIZE);
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      partNumber: i + 1,
      url: await getSignedUrl(s3, new UploadPartCommand({ Bucket: bucket, Key: input.key, UploadId: uploadId, PartNumber: i + 1 }), { expiresIn }),
    })),
  );
  await auditS3(db, actor, 's3-upload-start', bucket, input.key, { size: input.size, mode: 'multipart', parts: count });
  return { mode: 'multipart' as const, uploadId, partSize: PART_SIZE, parts, expiresAt: expiry() };
}

/** Joins a multipart upload's parts (if any), checks the object exists and audits what landed. */
export async function completeUpload(db: Db, actor: Actor, input: { bucket: string; key: string; uploadId?: string; parts?: { partNumber: number; etag: string }[] }): Promise<S3Object> {
  const bucket = checkBucket(input.bucket);
  if (input.uploadId) {
    if (!input.parts?.length) throw badRequest('parts: the uploaded parts are required to finish a multipart upload.');
    const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
    await call('upload', () => client().send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: input.key, UploadId: input.uploadId, MultipartUpload: { Parts: parts } })));
  }
  const head = await call(`key ${input.key}`, () => client().send(new HeadObjectCommand({ Bucket: bucket, Key: input.key })));
  const object = { key: input.key, size: head.ContentLength ?? 0, lastModified: head.LastModified ? head.LastModified.toISOString() : null, publicUrl: publicUrlOf(bucket, input.key) };
  await auditS3(db, actor, 's3-upload', bucket, input.key, { size: object.size, multipart: Boolean(input.uploadId) });
  return object;
}

export async function abortUpload(db: Db, actor: Actor, input: { bucket: string; key: string; uploadId: string }) {
  const bucket = checkBucket(input.bucket);
  await call('upload', () => client().send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: input.key, UploadId: input.uploadId })));
  await auditS3(db, actor, 's3-upload-abort', bucket, input.key);
  return { key: input.key };
}

/** Deletes one object (it must exist: deleting a typo answers 404 rather than a silent success) and audits it. */
export async function deleteObject(db: Db, actor: Actor, input: { bucket: string; key: string }) {
  const bucket = checkBucket(input.bucket);
  const head = await call(`key ${input.key}`, () => client().send(new HeadObjectCommand({ Bucket: bucket, Key: input.key })));
  await call(`key ${input.key}`, () => client().send(new DeleteObjectCommand({ Bucket: bucket, Key: input.key })));
  await auditS3(db, actor, 's3-delete', bucket, input.key, { size: head.ContentLength ?? 0 });
  return { key: input.key };
}
