import type { SdkErrorCode } from './sdk-errors';

/**
 * A failure the caller caused or may see: answered with its status and `{ message }`; on the SDK API also with
 * `error: { code, … }`, `code` being one of the catalogue's (src/lib/server/sdk-errors.ts; typed, so a code
 * outside it does not compile), else one derived from the status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: SdkErrorCode,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
