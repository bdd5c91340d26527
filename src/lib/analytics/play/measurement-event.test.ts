import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, Refusal, validateEvent } from '../events';

const NOW = Date.parse('2026-06-15T05:00:00Z');
const check = (params: Record<string, unknown>) => validateEvent({ id: 'm1', name: 'measurement', userId: 'u1', time: NOW - 1000, appVersion: '2.4.0', params }, 1, NOW);
const reason = (params: Record<string, unknown>) => (check(params) as Refusal).reason;

describe('the measurement SDK event', () => {
  it('takes a name, a value with fractions and a unit', () => {
    expect(EVENT_NAMES).toContain('measurement');
    expect(check({ name: 'fps', value: 59.7, unit: 'fps', extra: 1 })).toMatchObject({ name: 'measurement', params: { name: 'fps', value: 59.7, unit: 'fps' } });
    expect(check({ name: 'load_time', value: 1840, unit: 'ms' })).toMatchObject({ params: { value: 1840 } });
  });

  it('names the field at fault', () => {
    expect(reason({ value: 1, unit: 'ms' })).toBe('params.name: is required');
    expect(reason({ name: 'load_time', unit: 'ms' })).toBe('params.value: is required');
    expect(reason({ name: 'load_time', value: '12', unit: 'ms' })).toBe('params.value: must be a number');
    expect(reason({ name: 'load_time', value: 1e13, unit: 'ms' })).toBe('params.value: must be between -1000000000000 and 1000000000000');
    expect(reason({ name: 'load_time', value: 12 })).toBe('params.unit: is required');
    expect(reason({ name: 'x'.repeat(61), value: 1, unit: 'ms' })).toBe('params.name: must be at most 60 characters');
  });
});
