/**
 * A failure the caller caused or may see: answered with its status and `{ message }`; on the SDK API also with
 * `error: { code, … }`, `code` being one of src/lib/sdk-errors/catalogue.ts (else one is derived from the status).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
