import { describe, expect, it } from 'vitest';
import { Refusal, validateEvent } from '../analytics/events';
import { compareVersions, variantOfBucket } from './assign';
import { parseVariantSpec } from './contract';
import { abOtherScreen, abRetentionScreen } from './screens';

const NOW = Date.parse('2026-06-15T05:00:00Z');

describe('experiment_exposure event', () => {
  const base = { id: 'x1', userId: 'p_1', time: NOW - 1000, appVersion: '1.0.0', name: 'experiment_exposure' };
  it('is accepted with an experiment and a variant, and refused without them, naming the field', () => {
    expect(validateEvent({ ...base, params: { experiment: '12', variant: 'B', extra: 1 } }, 1, NOW)).toMatchObject({ params: { experiment: '12', variant: 'B' } });
    expect((validateEvent({ ...base, params: { experiment: '12' } }, 1, NOW) as Refusal).reason).toBe('params.variant: is required');
    expect((validateEvent({ ...base, params: { variant: 'B' } }, 1, NOW) as Refusal).reason).toBe('params.experiment: is required');
    expect((validateEvent({ ...base, params: { experiment: '12', variant: 'x'.repeat(33) } }, 1, NOW) as Refusal).reason).toBe('params.variant: must be at most 32 characters');
  });
});

describe('variants as typed', () => {
  it('parses "key:weight" lists whose weights sum to 100, the first being the control', () => {
    expect(parseVariantSpec('control:50, B:30,\nC=20%')).toEqual({ variants: [{ key: 'control', weight: 50 }, { key: 'B', weight: 30 }, { key: 'C', weight: 20 }] });
    expect(parseVariantSpec('a:50, b:51')).toEqual({ error: 'weights must sum to 100 (they sum to 101)' });
    expect(parseVariantSpec('a:100, b:0')).toEqual({ error: 'variant "b" needs a weight of at least 1' });
    expect(parseVariantSpec('a b:50, c:50')).toMatchObject({ error: expect.stringContaining('is not "key:weight"') });
  });

  it('gives each variant weight × 100 consecutive buckets', () => {
    const variants = [{ key: 'c', weight: 20 }, { key: 'b', weight: 80 }];
    expect([0, 1999, 2000, 9999].map((b) => variantOfBucket(variants, b))).toEqual(['c', 'c', 'b', 'b']);
  });

  it('compares app versions by number', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('2.0', '2.0.0')).toBe(0);
    expect(compareVersions('1.2.3', '1.3')).toBe(-1);
  });
});

/** A retention answer with a 50/50 experiment, the given exposed counts and D7 figures. */
function retentionAnswer(exposed: [number, number], d7: { control: [number, number]; b: [number, number]; needed: number }) {
  const line = (variant: string, [eligible, retained]: [number, number], needed: number | null) => ({
    variant, day: 7, eligible, retained, rate: (100 * retained) / eligible, low: 0, high: 0, diff: variant === 'B' ? 5 : null, p: variant === 'B' ? 0.2 : null, needed,
  });
  return {
    from: '2026-06-01', to: '2026-06-14', apps: ['a'], pending: 0, experiment: '1', experiments: [{ id: '1', name: 'T', status: 'running', appId: 'a' }], known: true, name: 'T', status: 'running',
    control: 'control', variants: [{ key: 'control', weight: 50, exposed: exposed[0] }, { key: 'B', weight: 50, exposed: exposed[1] }],
    srm: { statistic: 0, p: exposed[0] === exposed[1] ? 1 : 1e-6 },
    guardrails: [], guardrailBreaches: [],
    lines: [line('control', d7.control, null), line('B', d7.b, d7.needed)],
  };
}

describe('notes above the A/B figures', () => {
  it('flag a sample-ratio mismatch and an under-powered comparison, and always warn about peeking', () => {
    // A partial answer: only the fields these notices and empty-state functions read.
    const notices = abRetentionScreen.notices!(retentionAnswer([600, 400], { control: [500, 50], b: [300, 45], needed: 900 }) as never);
    expect(notices.map((n) => n.tone)).toEqual(['warn', 'warn', 'info']);
    expect(notices[0]!.text).toContain('Sample-ratio mismatch: exposed players split control 600 (expected 50 %), B 400 (expected 50 %)');
    expect(notices[1]!.text).toContain('each variant needs 900 players whose day 7 is over; B has 300');
    expect(notices[2]!.text).toContain('false positives');
  });

  it('say nothing of power or ratio when the test has enough players and the split matches', () => {
    // A partial answer: only the fields these notices and empty-state functions read.
    const notices = abRetentionScreen.notices!(retentionAnswer([500, 500], { control: [500, 50], b: [500, 75], needed: 400 }) as never);
    expect(notices.map((n) => n.tone)).toEqual(['info']);
  });

  it('the empty report names the experiment nobody was exposed to', () => {
    const answer = { ...retentionAnswer([0, 0], { control: [1, 0], b: [1, 0], needed: 1 }), srm: null, lines: [], window: 7 };
    // A partial answer: only the fields these notices and empty-state functions read.
    expect(abOtherScreen.isEmpty(answer as never)).toBe(true);
    // A partial answer: only the fields these notices and empty-state functions read.
    expect(abOtherScreen.emptyText!(answer as never)).toBe('No player of "T" was exposed in this range yet: only players whose game sent an experiment_exposure event count.');
  });
});
