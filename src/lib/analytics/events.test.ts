import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, Refusal, validateEvent } from './events';
import { sqlText } from './ingest';

const NOW = Date.parse('2026-06-15T05:00:00Z');
const base = { id: 'e1', userId: 'u1', time: NOW - 1000, appVersion: '1.2.0', sdkVersion: '3.6.0', country: 'vn' };
const check = (event: Record<string, unknown>, os = 1) => validateEvent({ ...base, ...event }, os, NOW);
const reason = (event: Record<string, unknown>) => (check(event) as Refusal).reason;

describe('SDK event validation', () => {
  it('accepts each event name with its payload, filling defaults and dropping unknown fields', () => {
    const ok = check({ name: 'level_complete', params: { level: 3, duration: 40, attempts: 2, extra: 'x' } });
    expect(ok).toMatchObject({ name: 'level_complete', country: 'VN', flag: null, params: { level: 3, mode: 'main', duration: 40, attempts: 2 } });
    expect(EVENT_NAMES).toEqual(expect.arrayContaining(['first_open', 'ad_impression', 'ad_view', 'iap_purchase', 'resource_earn', 'resource_spend', 'funnel_step', 'counter', 'subscription', 'task_quest']));
  });

  it('names the field at fault', () => {
    expect(reason({ name: 'level_start', params: { level: 0 } })).toBe('params.level: must be between 1 and 1000000');
    expect(reason({ name: 'ad_impression', params: { format: 'video', network: 'a', placement: 'p', revenueUsdMicros: 1 } })).toBe('params.format: must be one of banner, interstitial, rewarded, app_open');
    expect(reason({ name: 'iap_purchase', params: { productId: 'p', priceMicros: 1, currency: 'usd', revenueUsdMicros: 1, transactionId: 't', store: 'web' } })).toBe('params.currency: must be an ISO 4217 code such as USD');
    expect(reason({ name: 'session_start', appVersion: '1.0 beta' })).toBe('appVersion: may contain letters, digits, ".", "_", "+" and "-"');
    expect(reason({ name: 'session_start', country: 'VNM' })).toBe('country: must be an ISO 3166-1 alpha-2 code');
    expect(reason({ name: 'session_start', time: 'yesterday' })).toBe('time: must be epoch milliseconds or an ISO 8601 time');
    expect(reason({ name: 'session_start', time: NOW * 1000 })).toBe('time: must be epoch milliseconds before the year 10000 (was it sent in microseconds?)');
    expect(reason({ name: 'session_start', time: '+010000-01-01T00:00:00Z' })).toBe('time: must be before the year 10000');
    expect(check({ name: 'session_start', time: '9999-12-31T23:59:59.999Z' })).toMatchObject({ flag: 'future', deviceTime: 253_402_300_799_999 });
    expect(reason({ name: 'session_start', userId: 'a\u0000b' })).toBe('userId: must not contain NUL characters');
    expect(reason({ name: 'session_start', id: 'x'.repeat(65) })).toBe('id: must be at most 64 characters');
  });

  it('keeps an ad_view "reason" payload apart from a refusal', () => {
    const ok = check({ name: 'ad_view', params: { action: 'failed', format: 'banner', placement: 'home', reason: 'no_fill' } });
    expect(ok).not.toBeInstanceOf(Refusal);
    expect(ok).toMatchObject({ params: { reason: 'no_fill' } });
  });

  it('clamps implausible device times to the receive time', () => {
    expect(check({ name: 'session_start', time: NOW + 10 * 60_000 })).toMatchObject({ flag: 'future', time: NOW });
    expect(check({ name: 'session_start', time: NOW + 60_000 })).toMatchObject({ flag: null, time: NOW + 60_000 });
    expect(check({ name: 'session_start', time: '2020-01-01T00:00:00Z' })).toMatchObject({ flag: 'ancient', time: NOW });
  });

  it('writes text as E-string literals that survive quotes and backslashes', () => {
    expect(sqlText(`it's a \\ test`)).toBe(`E'it''s a \\\\ test'`);
  });
});
