import { z } from 'zod';
import { contractsFor, numberFromText } from '../contract';

/** The S3 browser's route: opening it lets an account list and download; changes need `s3_edit`. */
export const S3_ROUTE = '/aws/index';

/** Objects of at most this size go up in one presigned PUT; bigger ones in presigned parts (multipart). */
export const SINGLE_PUT_MAX = 16 * 1024 * 1024;
/** Part size of a multipart upload (S3 wants at least 5 MiB per part but the last). */
export const PART_SIZE = 8 * 1024 * 1024;
/** S3's own limit for one object (5 TiB) is far beyond a console upload; this keeps the part list sane. */
export const UPLOAD_MAX = 5 * 1024 * 1024 * 1024;

/**
 * An object key or prefix as the console accepts it: no `..` segment (a key that reads like climbing out of a
 * folder is refused, even though S3 itself would store it), no leading slash, no backslash, no control
 * characters, at most S3's 1024 bytes.
 */
const keyText = (what: 'key' | 'prefix') =>
  z
    .string()
    .max(1024, 'must be at most 1024 characters')
    .refine((v) => !v.split('/').some((segment) => segment === '..' || segment === '.'), `must not contain a ".." or "." segment`)
    .refine((v) => !v.startsWith('/'), 'must not start with "/"')
    .refine((v) => !v.includes('\\'), 'must not contain "\\"')
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters')
    .refine((v) => what === 'prefix' || (v.length > 0 && !v.endsWith('/')), 'is required and must name a file, not a folder');

export const s3Key = keyText('key');
export const s3Prefix = keyText('prefix').refine((v) => v === '' || v.endsWith('/'), 'must end with "/"');
export const s3Bucket = z.string().trim().min(1, 'is required').max(63);

export const s3Object = z.object({ key: z.string(), size: z.number(), lastModified: z.string().nullable(), publicUrl: z.string() });
export type S3Object = z.infer<typeof s3Object>;

export const s3Listing = z.object({
  /** False when the server has no S3 settings (S3_BUCKETS unset): the screen says so. */
  configured: z.boolean(),
  buckets: z.array(z.string()),
  bucket: z.string().nullable(),
  prefix: z.string(),
  folders: z.array(z.string()),
  objects: z.array(s3Object),
  /** Continuation token of the next page, null on the last. */
  nextToken: z.string().nullable(),
  canEdit: z.boolean(),
});
export type S3Listing = z.infer<typeof s3Listing>;

const s3Api = contractsFor({ route: S3_ROUTE });
const s3EditApi = contractsFor({ route: S3_ROUTE, actions: ['s3_edit'] });

/** GET api/appdata/aws/s3 (spec): the configured buckets, and one page of a bucket's folders and files under a prefix. */
export const s3ListContract = s3Api.get(
  '/api/appdata/aws/s3',
  z.object({
    bucket: s3Bucket.optional(),
    prefix: s3Prefix.default(''),
    continuationToken: z.string().max(2048).optional(),
    limit: numberFromText(z.number().int().min(1).max(1000).default(200)),
  }),
  s3Listing,
);

const presigned = z.object({ url: z.string(), expiresAt: z.string() });

/** A short-lived presigned GET of one object (the browser downloads from S3 directly). */
export const s3DownloadContract = s3Api.get('/api/appdata/aws/s3/download', z.object({ bucket: s3Bucket, key: s3Key }), presigned);

/**
 * Starts an upload: one presigned PUT up to SINGLE_PUT_MAX bytes, else a multipart upload with a presigned URL
 * per part. The browser sends the bytes to S3 itself and then calls complete.
 */
export const s3UploadStartContract = s3EditApi.post(
  '/api/appdata/aws/s3/upload',
  z.object({
    bucket: s3Bucket,
    key: s3Key,
    size: z.number().int().min(0).max(UPLOAD_MAX, `must be at most ${UPLOAD_MAX / 1024 ** 3} GiB`),
    contentType: z.string().trim().max(200).regex(/^[\w.+-]+\/[\w.+-]+$|^$/, 'must be a media type like image/png').default(''),
  }),
  z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('single'), url: z.string(), expiresAt: z.string() }),
    z.object({ mode: z.literal('multipart'), uploadId: z.string(), partSize: z.number(), parts: z.array(z.object({ partNumber: z.number(), url: z.string() })), expiresAt: z.string() }),
  ]),
);

/** Finishes an upload: joins the parts of a multipart upload, checks the object is there and audits it. */
export const s3UploadCompleteContract = s3EditApi.post(
  '/api/appdata/aws/s3/upload/complete',
  z.object({
    bucket: s3Bucket,
    key: s3Key,
    uploadId: z.string().min(1).max(1024).optional(),
    parts: z.array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) })).max(10_000).optional(),
  }),
  s3Object,
);

/** Gives up a multipart upload (cancelled or failed in the browser) so its parts do not linger. */
export const s3UploadAbortContract = s3EditApi.post(
  '/api/appdata/aws/s3/upload/abort',
  z.object({ bucket: s3Bucket, key: s3Key, uploadId: z.string().min(1).max(1024) }),
  z.object({ key: z.string() }),
);

export const s3DeleteContract = s3EditApi.delete(
  '/api/appdata/aws/s3/delete',
  z.object({ bucket: s3Bucket, key: s3Key }),
  z.object({ key: z.string() }),
);
