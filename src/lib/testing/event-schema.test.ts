import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, Refusal, validateEvent } from '../analytics/events';
import { paramErrors, paramFields, paramsSchema } from './event-schema';

/** The test screens' schemas say what the ingestion says: same fields, same verdicts, same words. */
const envelope = (name: string, params: Record<string, unknown>) => ({ id: 'e-1', name, userId: 'p_1', time: 1_767_225_600_000, appVersion: '1.0.0', params });
const ingestion = (name: string, params: Record<string, unknown>) => {
  const checked = validateEvent(envelope(name, params), 1, 1_767_225_600_000);
  return checked instanceof Refusal ? checked.reason : null;
};
const schema = (name: (typeof EVENT_NAMES)[number], params: Record<string, unknown>) => {
  const [field, text] = Object.entries(paramErrors(name, params))[0] ?? [];
  return field ? `${field}: ${text}` : null;
};

describe('event schemas of the test screens', () => {
  it('has a form field for every payload field of every event name', () => {
    for (const name of EVENT_NAMES) expect(Object.keys(paramsSchema(name).shape).sort(), name).toEqual(paramFields(name).map((f) => f.key).sort());
  });

  it('refuses what the ingestion refuses, with the same message', () => {
    const cases: [(typeof EVENT_NAMES)[number], Record<string, unknown>][] = [
      ['level_start', { level: 0 }],
      ['level_start', {}],
      ['level_complete', { level: 3, duration: 12.5, attempts: 1 }],
      ['level_complete', { level: 3, duration: 10 }],
      ['ad_impression', { format: 'popup', network: 'admob', placement: 'home', revenueUsdMicros: 1 }],
      ['ad_impression', { format: 'banner', network: 'admob', placement: 'home', revenueUsdMicros: -1 }],
      ['ad_view', { action: 'failed', format: 'banner', placement: 'home' }],
      ['iap_purchase', { productId: 'p', priceMicros: 1, currency: 'usd', revenueUsdMicros: 1, transactionId: 't', store: 'web' }],
      ['iap_purchase', { productId: '  ', priceMicros: 1, currency: 'USD', revenueUsdMicros: 1, transactionId: 't', store: 'web' }],
      ['measurement', { name: 'fps', value: 'fast', unit: 'fps' }],
    ];
    for (const [name, params] of cases) {
      const refused = ingestion(name, params);
      expect(refused, `${name} ${JSON.stringify(params)}`).not.toBeNull();
      expect(schema(name, params), `${name} ${JSON.stringify(params)}`).toBe(refused);
    }
  });

  it('accepts what the ingestion accepts', () => {
    const cases: [(typeof EVENT_NAMES)[number], Record<string, unknown>][] = [
      ['session_start', {}],
      ['level_complete', { level: 3, mode: 'minigame', duration: 10, attempts: 1 }],
      ['ad_impression', { format: 'rewarded', network: 'admob', placement: 'continue', revenueUsdMicros: 12_000 }],
      ['iap_purchase', { productId: 'gems', priceMicros: 990_000, currency: 'USD', revenueUsdMicros: 693_000, transactionId: 'GPA.1', store: 'google_play' }],
      ['measurement', { name: 'fps', value: 59.7, unit: 'fps' }],
      ['subscription', { action: 'start', productId: 'vip' }],
    ];
    for (const [name, params] of cases) {
      expect(ingestion(name, params), name).toBeNull();
      expect(paramErrors(name, params), name).toEqual({});
    }
  });

  it('names a field the event does not have, which the ingestion would drop silently', () => {
    expect(paramErrors('session_start', { levle: 3 })).toEqual({ 'params.levle': 'is not a field of this event' });
  });
});
