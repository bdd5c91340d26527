/**
 * The SDK API's error codes (issue 38): every refusal a game can meet answers
 * `{ error: { code, message, field?, retryAfter? }, message }` with one of these codes. A code is stable (a game
 * may switch on it); its message is for people and may change. `retry` says whether sending the same request
 * again can succeed without changing it (after retryAfter seconds when given). Shared by server, docs and tests;
 * docs/sdk.md and the OpenAPI document list it.
 */
export interface SdkErrorInfo {
  status: number;
  retry: boolean;
  /** When a game meets it, for the catalogue in docs and the OpenAPI document. */
  meaning: string;
}

export const SDK_ERRORS = {
  VALIDATION: { status: 400, retry: false, meaning: 'A field is missing, of the wrong kind or out of range; `field` names it.' },
  BODY_NOT_JSON: { status: 400, retry: false, meaning: 'The body is not a JSON object.' },
  BAD_PATH: { status: 400, retry: false, meaning: 'The URL is not valid percent-encoding.' },
  SDK_KEY_MISSING: { status: 401, retry: false, meaning: 'No X-SDK-Key header.' },
  SDK_KEY_UNKNOWN: { status: 401, retry: false, meaning: 'The X-SDK-Key is not an app platform\'s key.' },
  PLAYER_TOKEN_MISSING: { status: 401, retry: false, meaning: 'No X-Player-Token header: start a session first.' },
  PLAYER_TOKEN_EXPIRED: { status: 401, retry: false, meaning: 'The access token expired: refresh it.' },
  PLAYER_TOKEN_INVALID: { status: 401, retry: false, meaning: 'The access token is not one of this server\'s, or belongs to another app.' },
  SESSION_ENDED: { status: 401, retry: false, meaning: 'The device\'s sessions were ended (a refresh token was used twice, or the device was linked to another player): start a new session.' },
  REFRESH_REFUSED: { status: 401, retry: false, meaning: 'The refresh token is expired, spent or ended: start a new session.' },
  FORBIDDEN: { status: 403, retry: false, meaning: 'Not for this player, device, level, version or country.' },
  NOT_FOUND: { status: 404, retry: false, meaning: 'No such event, mail, milestone or path for this app.' },
  GIFT_CODE_INVALID: { status: 404, retry: false, meaning: 'The gift code is wrong (or another game\'s): each counts against the guess limit.' },
  METHOD_NOT_ALLOWED: { status: 405, retry: false, meaning: 'The path exists with another method (see the Allow header).' },
  CONFLICT: { status: 409, retry: false, meaning: 'The request conflicts with the current state; the message says how.' },
  EVENT_NOT_STARTED: { status: 409, retry: true, meaning: 'The event has not started: send again after its startsAt.' },
  EVENT_ENDED: { status: 409, retry: false, meaning: 'The event has ended (or was cancelled).' },
  EVENT_NOT_JOINED: { status: 409, retry: false, meaning: 'Join the event before sending scores.' },
  ALREADY_CLAIMED: { status: 409, retry: false, meaning: 'This reward was claimed before: give nothing again.' },
  NOT_REACHED: { status: 409, retry: false, meaning: 'The milestone needs more points.' },
  SAVE_VERSION_CONFLICT: { status: 409, retry: false, meaning: 'The cloud save changed since it was read: read it again, merge, save over the new version.' },
  GIFT_CODE_NOT_STARTED: { status: 409, retry: true, meaning: 'The gift code cannot be used yet.' },
  GIFT_CODE_USED_UP: { status: 409, retry: false, meaning: 'The gift code has been used up.' },
  GIFT_CODE_ALREADY_REDEEMED: { status: 409, retry: false, meaning: 'This player has redeemed the gift code as often as it allows.' },
  AD_TOKEN_USED: { status: 409, retry: false, meaning: 'The ad this token names is no longer on record, so it cannot be counted (a replay of a counted token answers its first answer instead).' },
  AD_IMPRESSION_MISSING: { status: 409, retry: true, meaning: 'Send the ad\'s impression token before its click token.' },
  GIFT_CODE_EXPIRED: { status: 410, retry: false, meaning: 'The gift code has expired.' },
  GIFT_CODE_DEACTIVATED: { status: 410, retry: false, meaning: 'The gift code was switched off by the studio.' },
  BODY_TOO_LARGE: { status: 413, retry: false, meaning: 'The body is over the endpoint\'s limit.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retry: false, meaning: 'The body must be JSON (Content-Type: application/json).' },
  RATE_LIMITED: { status: 429, retry: true, meaning: 'Too many calls of this kind: send again after retryAfter seconds.' },
  INTERNAL: { status: 500, retry: true, meaning: 'A fault of the server; the message carries a request id to report.' },
  UNAVAILABLE: { status: 503, retry: true, meaning: 'The database is briefly out of reach: send again after retryAfter seconds.' },
} as const satisfies Record<string, SdkErrorInfo>;

export type SdkErrorCode = keyof typeof SDK_ERRORS;

/** The code of a refusal that did not name one: the general code of its status. */
const BY_STATUS: Record<number, SdkErrorCode> = {
  400: 'VALIDATION', 401: 'PLAYER_TOKEN_INVALID', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 409: 'CONFLICT',
  413: 'BODY_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED', 500: 'INTERNAL', 503: 'UNAVAILABLE',
};

/**
 * Codes recognised from the texts the shared layers already answer (the players' token checks, the request
 * reader): those layers serve the console too, so they keep their texts and the SDK names them here.
 */
const BY_MESSAGE: [RegExp, SdkErrorCode][] = [
  [/^Missing SDK key/, 'SDK_KEY_MISSING'],
  [/^Unknown SDK key/, 'SDK_KEY_UNKNOWN'],
  [/^Missing player token/, 'PLAYER_TOKEN_MISSING'],
  [/^Player token expired/, 'PLAYER_TOKEN_EXPIRED'],
  [/^This session was ended|^This device no longer belongs/, 'SESSION_ENDED'],
  [/^Refresh token expired or ended/, 'REFRESH_REFUSED'],
  [/^Request body (is not valid JSON|must be a JSON object)/, 'BODY_NOT_JSON'],
  [/is not valid percent-encoding/, 'BAD_PATH'],
];

/** The catalogue code of an SDK refusal: the one it was thrown with, else one recognised by its text, else its status's. */
export function codeOf(status: number, message: string, given?: string): SdkErrorCode {
  if (given && given in SDK_ERRORS) return given as SdkErrorCode;
  for (const [pattern, code] of BY_MESSAGE) if (pattern.test(message) && SDK_ERRORS[code].status === status) return code;
  return BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'CONFLICT');
}

/** The field a validation message names first ("value: expected a whole number" → value). */
export function fieldOf(message: string): string | undefined {
  return /^([A-Za-z_][\w.]*): /.exec(message)?.[1];
}

/** The SDK's error body: the structured error, and `message` at the top as every earlier client reads it. */
export function sdkErrorBody(status: number, message: string, options: { code?: string; retryAfter?: number } = {}) {
  const code = codeOf(status, message, options.code);
  const field = status === 400 ? fieldOf(message) : undefined;
  return {
    error: { code, message, ...(field ? { field } : {}), ...(options.retryAfter !== undefined ? { retryAfter: options.retryAfter } : {}) },
    message,
  };
}
