import { unstorableText } from '../text-safety';
import { LEVEL_MODES } from './contract';
import { daysMs } from '../time/day';

/**
 * The game SDK's event vocabulary (POST /api/sdk/v1/analytics/events): the envelope every event carries and a typed
 * payload ("params") per event name, with the checks the ingestion applies. Durations are whole seconds;
 * money is integer micros (1 USD = 1,000,000); times are epoch milliseconds or ISO 8601 strings.
 *
 * The checks are small field descriptors rather than zod schemas: ingestion validates every event of
 * every batch, and these run about 20 times faster (see docs/decisions.md).
 */

export { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from './contract';
/** A device clock this far ahead of the server is "future": the event is stored at its receive time. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/**
 * Events older than this are "ancient" (a broken clock or a years-old queue): stored at their receive time.
 * The default; the server passes its configured SDK_MAX_EVENT_AGE_DAYS (src/lib/server/config.ts).
 */
export const MAX_EVENT_AGE_DAYS = 366;
/** Country of events that name none (CLDR's "Unknown Region", as the country select offers). */
export const UNKNOWN_COUNTRY = 'ZZ';

export const AD_FORMATS = ['banner', 'interstitial', 'rewarded', 'app_open'] as const;
export const AD_VIEW_ACTIONS = ['request', 'show', 'click', 'reward', 'failed'] as const;
export const QUEST_STATES = ['start', 'progress', 'complete', 'claim', 'fail'] as const;
export const STORES = ['google_play', 'app_store', 'web', 'other'] as const;
export const SUBSCRIPTION_ACTIONS = ['start', 'renew', 'cancel'] as const;

/** One payload field: its type, bounds and whether it may be left out (default: required). */
export type Field =
  | { type: 'int'; min: number; max: number; optional?: boolean; unit?: string }
  | { type: 'number'; min: number; max: number; optional?: boolean }
  | { type: 'text'; max: number; optional?: boolean; pattern?: RegExp; hint?: string }
  | { type: 'enum'; values: readonly string[]; optional?: boolean; default?: string };

const int = (min: number, max: number, unit?: string): Field => ({ type: 'int', min, max, unit });
/** A finite number, fractions allowed (measurements: 2.35 s, 59.7 fps). */
const decimal = (min: number, max: number): Field => ({ type: 'number', min, max });
const text = (max: number, optional = false): Field => ({ type: 'text', max, optional });
const oneOf = (values: readonly string[], fallback?: string): Field => ({ type: 'enum', values, default: fallback, optional: fallback !== undefined });
const optional = (field: Field): Field => ({ ...field, optional: true });
const SECONDS = int(0, 86_400, 'seconds');
const MICROS = int(0, 1e12, 'micros');
const LEVEL = int(1, 1_000_000);
const CURRENCY: Field = { type: 'text', max: 3, pattern: /^[A-Z]{3}$/, hint: 'must be an ISO 4217 code such as USD' };

/** Payload fields of each event name. */
export const PARAMS = {
  first_open: { source: text(100, true) },
  session_start: { sessionId: text(64, true) },
  session_end: { sessionId: text(64, true), duration: SECONDS },
  level_start: { level: LEVEL, mode: oneOf(LEVEL_MODES, 'main') },
  level_complete: { level: LEVEL, mode: oneOf(LEVEL_MODES, 'main'), duration: SECONDS, attempts: int(1, 1_000_000) },
  level_fail: { level: LEVEL, mode: oneOf(LEVEL_MODES, 'main'), duration: SECONDS, attempts: int(1, 1_000_000) },
  task_quest: { questId: text(100), state: oneOf(QUEST_STATES) },
  ad_impression: { format: oneOf(AD_FORMATS), network: text(60), placement: text(100), revenueUsdMicros: MICROS },
  /** reason is required when action is "failed". */
  ad_view: { action: oneOf(AD_VIEW_ACTIONS), format: oneOf(AD_FORMATS), network: text(60, true), placement: text(100), reason: text(200, true) },
  iap_purchase: { productId: text(150), priceMicros: MICROS, currency: CURRENCY, revenueUsdMicros: MICROS, transactionId: text(200), store: oneOf(STORES) },
  resource_earn: { resource: text(60), amount: int(1, 1e12), source: text(100) },
  resource_spend: { resource: text(60), amount: int(1, 1e12), sink: text(100) },
  funnel_step: { funnel: text(100), step: int(0, 1000), stepName: text(100, true) },
  counter: { name: text(100), value: int(-1e12, 1e12) },
  /** A technical measurement (load_time, fps, memory_mb): its value in its unit ("ms", "fps", "MB"). */
  measurement: { name: text(60), value: decimal(-1e12, 1e12), unit: text(20) },
  subscription: {
    action: oneOf(SUBSCRIPTION_ACTIONS),
    productId: text(150),
    priceMicros: optional(MICROS),
    currency: optional(CURRENCY),
    revenueUsdMicros: optional(MICROS),
    transactionId: text(200, true),
  },
  /** The player saw the variant of an A/B experiment the console assigned (GET /api/sdk/v1/experiments): only exposed players count. */
  experiment_exposure: { experiment: text(64), variant: text(32) },
} as const satisfies Record<string, Record<string, Field>>;

export type EventName = keyof typeof PARAMS;
export const EVENT_NAMES = Object.keys(PARAMS) as EventName[];

/** What an SDK sends for one event. */
export interface SdkEvent {
  /** Client event id, unique per app (a UUID is typical): resending it stores nothing twice. */
  id: string;
  name: EventName;
  userId: string;
  /** Device time: epoch milliseconds or an ISO 8601 string. */
  time: number | string;
  appVersion: string;
  sdkVersion?: string;
  /** 1 Android, 2 Ios, 3 WebGL; must match the SDK key's platform when given. */
  os?: 1 | 2 | 3;
  /** ISO 3166-1 alpha-2; unknown when left out. */
  country?: string;
  params?: Record<string, unknown>;
}

export type ClampFlag = 'future' | 'ancient';
export const FLAG_BITS: Record<ClampFlag, number> = { future: 1, ancient: 2 };
/** events.flags bit of an event stored against the tracking plan (undeclared, or a parameter of another type). */
export const OFF_PLAN_BIT = 4;

/** An event that passed validation, ready to store. */
export interface ValidEvent {
  id: string;
  name: EventName;
  userId: string;
  /** Stored event time (ms): the device time, or the receive time when clamped. */
  time: number;
  deviceTime: number;
  flag: ClampFlag | null;
  appVersion: string;
  sdkVersion: string;
  country: string;
  params: Record<string, unknown>;
  /** Set by ingestion when the tracking plan flagged it (OFF_PLAN_BIT). */
  offPlan?: boolean;
}

/** 9999-12-31T23:59:59.999Z: the last time a timestamp column (and an ISO string without a sign) can hold. */
export const MAX_DEVICE_TIME_MS = 253_402_300_799_999;

const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const hasOwn = Object.prototype.hasOwnProperty;

/** Why an event is refused ("field: what is wrong"). A class, so a payload with a "reason" field is never mistaken for one. */
export class Refusal {
  constructor(readonly reason: string) {}
}
const refuse = (field: string, why: string) => new Refusal(`${field}: ${why}`);

function checkText(value: unknown, field: string, max: number, allowEmpty = false): string | Refusal {
  if (value === undefined || value === null) return refuse(field, 'is required');
  if (typeof value !== 'string') return refuse(field, 'must be a string');
  const trimmed = value.trim();
  if (!trimmed && !allowEmpty) return refuse(field, 'is required');
  if (trimmed.length > max) return refuse(field, `must be at most ${max} characters`);
  const unstorable = unstorableText(trimmed);
  if (unstorable) return refuse(field, unstorable);
  return trimmed;
}

/** Checks params against the descriptors; answers the params to store (known fields only, defaults filled) or why not. */
function checkParams(name: EventName, raw: unknown): Record<string, unknown> | Refusal {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return refuse('params', 'must be an object');
  const input = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const fields = PARAMS[name] as Record<string, Field>;
  for (const key in fields) {
    const spec = fields[key]!;
    const value = hasOwn.call(input, key) ? input[key] : undefined;
    const where = `params.${key}`;
    if (value === undefined || value === null) {
      if (spec.type === 'enum' && spec.default !== undefined) out[key] = spec.default;
      else if (!spec.optional) return refuse(where, 'is required');
      continue;
    }
    if (spec.type === 'int') {
      if (typeof value !== 'number' || !Number.isInteger(value)) return refuse(where, spec.unit ? `must be whole ${spec.unit}` : 'must be an integer');
      if (value < spec.min || value > spec.max) return refuse(where, `must be between ${spec.min} and ${spec.max}`);
      out[key] = value;
    } else if (spec.type === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(where, 'must be a number');
      if (value < spec.min || value > spec.max) return refuse(where, `must be between ${spec.min} and ${spec.max}`);
      out[key] = value;
    } else if (spec.type === 'enum') {
      if (typeof value !== 'string' || !spec.values.includes(value)) return refuse(where, `must be one of ${spec.values.join(', ')}`);
      out[key] = value;
    } else {
      const checked = checkText(value, where, spec.max);
      if (typeof checked !== 'string') return checked;
      if (spec.pattern && !spec.pattern.test(checked)) return refuse(where, spec.hint ?? 'has an invalid format');
      out[key] = checked;
    }
  }
  if (name === 'ad_view' && out.action === 'failed' && out.reason === undefined) return refuse('params.reason', 'is required when action is failed');
  return out;
}

/**
 * Checks one event against the envelope and its name's payload; answers the event to store or why it is
 * refused. keyOs is the platform of the SDK key the batch came with; now is the receive time.
 */
export function validateEvent(raw: unknown, keyOs: number, now: number, maxAgeDays = MAX_EVENT_AGE_DAYS): ValidEvent | Refusal {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return new Refusal('event: must be an object');
  const e = raw as Record<string, unknown>;
  const id = e.id;
  if (typeof id !== 'string' || id.length === 0) return refuse('id', 'is required');
  if (id.length > 64) return refuse('id', 'must be at most 64 characters');
  const idProblem = unstorableText(id);
  if (idProblem) return refuse('id', idProblem);
  const name = e.name;
  if (typeof name !== 'string' || name.length === 0) return refuse('name', 'is required');
  if (!hasOwn.call(PARAMS, name)) return refuse('name', `unknown event name "${name.slice(0, 40)}"`);
  const userId = checkText(e.userId, 'userId', 128);
  if (typeof userId !== 'string') return userId;
  const appVersion = checkText(e.appVersion, 'appVersion', 50);
  if (typeof appVersion !== 'string') return appVersion;
  if (!VERSION.test(appVersion)) return refuse('appVersion', 'may contain letters, digits, ".", "_", "+" and "-"');
  let sdkVersion = '';
  if (e.sdkVersion !== undefined && e.sdkVersion !== null) {
    const checked = checkText(e.sdkVersion, 'sdkVersion', 50, true);
    if (typeof checked !== 'string') return checked;
    sdkVersion = checked;
  }
  if (e.os !== undefined && e.os !== null) {
    if (e.os !== 1 && e.os !== 2 && e.os !== 3) return refuse('os', 'must be 1 (Android), 2 (Ios) or 3 (WebGL)');
    if (e.os !== keyOs) return refuse('os', `${e.os} does not match the platform of the SDK key (${keyOs})`);
  }
  let country = UNKNOWN_COUNTRY;
  if (e.country !== undefined && e.country !== null && e.country !== '') {
    if (typeof e.country !== 'string' || !COUNTRY.test(e.country)) return refuse('country', 'must be an ISO 3166-1 alpha-2 code');
    country = e.country.toUpperCase();
  }
  const time = e.time;
  const deviceTime = typeof time === 'number' ? time : typeof time === 'string' && time.length <= 40 ? Date.parse(time) : NaN;
  if (time === undefined || time === null) return refuse('time', 'is required');
  if (!Number.isFinite(deviceTime) || deviceTime < 0) return refuse('time', 'must be epoch milliseconds or an ISO 8601 time');
  // Stored as device_time even when clamped: PostgreSQL takes no year past 9999 (a whole batch failed with 500).
  if (deviceTime > MAX_DEVICE_TIME_MS) {
    return refuse('time', typeof time === 'number' ? 'must be epoch milliseconds before the year 10000 (was it sent in microseconds?)' : 'must be before the year 10000');
  }
  const params = checkParams(name as EventName, e.params);
  if (params instanceof Refusal) return params;
  let flag: ClampFlag | null = null;
  if (deviceTime > now + FUTURE_TOLERANCE_MS) flag = 'future';
  else if (deviceTime < now - daysMs(maxAgeDays)) flag = 'ancient';
  return { id, name: name as EventName, userId, time: flag ? now : Math.floor(deviceTime), deviceTime, flag, appVersion, sdkVersion, country, params };
}
