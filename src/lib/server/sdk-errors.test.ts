import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, SDK_ERRORS, sdkErrorBody, type SdkErrorCode } from './sdk-errors';

/**
 * The catalogue's contract, walked over the source: every status any handler, shared layer or the server's entry
 * can answer with carries a code of that very status (so a game switching on `error.code` never reads a 409 code on
 * a 413), and every code named in the source is the catalogue's. The API suite (tests/api/sdk-errors.test.ts)
 * walks the served operations and the refusals before the router.
 */

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Console-only failures of a service the console calls (Google, S3, its own SDK for the test screens): never on an SDK path. */
const CONSOLE_ONLY = [/finance[\\/]/, /s3[\\/]/, /testing[\\/]/];

describe('the SDK error catalogue', () => {
  const files = sources(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('gives every status the server answers with a code of that status', () => {
    const statuses = new Set<number>([400, 401, 403, 404, 405, 413, 415, 429, 500, 503]);
    for (const { path, text } of files) {
      if (CONSOLE_ONLY.some((p) => p.test(path))) continue;
      for (const match of text.matchAll(/new HttpError\((\d{3})|errorJson\((\d{3})|writeHead\((\d{3})/g)) statuses.add(Number(match[1] ?? match[2] ?? match[3]));
    }
    const wrong = [...statuses].filter((status) => status >= 400).map((status) => [status, codeOf(status, '')] as const).filter(([status, code]) => SDK_ERRORS[code].status !== status);
    expect(wrong).toEqual([]);
  });

  it('knows every code the source names, and answers it with its own status', () => {
    const named = new Set<string>();
    for (const { text } of files) for (const match of text.matchAll(/'([A-Z][A-Z_]{3,})'\)/g)) if (/HttpError|errorJson|code:/.test(text)) named.add(match[1]!);
    const codes = [...named].filter((name) => name in SDK_ERRORS || /^(GIFT|EVENT|AD|SDK|PLAYER|BODY|BAD)_/.test(name));
    expect(codes.filter((c) => !(c in SDK_ERRORS))).toEqual([]);
    for (const [code, info] of Object.entries(SDK_ERRORS)) {
      const body = sdkErrorBody(info.status, 'x', { code });
      expect([code, body.error.code]).toEqual([code, code as SdkErrorCode]);
    }
  });

  it('names the refusals of the shared layers by their text', () => {
    expect(codeOf(400, 'Request body is not valid JSON.')).toBe('BODY_NOT_JSON');
    expect(codeOf(400, 'The path /api/sdk/v1/%E0 is not valid percent-encoding.')).toBe('BAD_PATH');
    expect(codeOf(413, 'Request body is too large (limit 4096 bytes).')).toBe('BODY_TOO_LARGE');
    expect(codeOf(415, 'Request body must be JSON (Content-Type: application/json).')).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(401, 'Missing SDK key (X-SDK-Key header).')).toBe('SDK_KEY_MISSING');
    expect(codeOf(503, 'The database is unavailable.')).toBe('UNAVAILABLE');
  });
});
