import { handle, type ApiHandler } from '../server/api/handler';
import { s3DeleteContract, s3DownloadContract, s3ListContract, s3UploadAbortContract, s3UploadCompleteContract, s3UploadStartContract } from './contract';
import { abortUpload, completeUpload, deleteObject, listS3, presignDownload, startUpload } from './service';

/** The S3 browser (/aws/index): listed in the area's manifest (./area.ts). */
export const s3Api: ApiHandler[] = [
  handle(s3ListContract, async (input, ctx) => ({ data: await listS3(ctx.viewer, input) })),
  handle(s3DownloadContract, async (input) => ({ data: await presignDownload(input) })),
  handle(s3UploadStartContract, async (input, ctx) => ({ data: await startUpload(ctx.db, ctx.actor, input) })),
  handle(s3UploadCompleteContract, async (input, ctx) => ({ data: await completeUpload(ctx.db, ctx.actor, input) })),
  handle(s3UploadAbortContract, async (input, ctx) => ({ data: await abortUpload(ctx.db, ctx.actor, input) })),
  handle(s3DeleteContract, async (input, ctx) => ({ data: await deleteObject(ctx.db, ctx.actor, input) })),
];
