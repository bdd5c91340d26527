import { describe, expect, it } from 'vitest';
import { experimentSaveContract } from './contract';
import { guardrailBreaches, significantlyWorse } from './guardrails';
import { abRetentionScreen, guardrailLabel } from './screens';

const line = (variant: string, day: number, diff: number | null, diffLow: number | null, diffHigh: number | null) => ({ variant, day, diff, diffLow, diffHigh });

describe('guardrails', () => {
  it('flag a variant only when the whole interval of its difference is below zero', () => {
    expect(significantlyWorse(line('B', 7, -3, -5, -0.1))).toBe(true);
    // The interval reaches zero, or the variant is better, or there is no comparison: not a breach.
    expect(significantlyWorse(line('B', 7, -3, -5, 0))).toBe(false);
    expect(significantlyWorse(line('B', 7, 3, 0.1, 5))).toBe(false);
    expect(significantlyWorse(line('control', 7, null, null, null))).toBe(false);
  });

  it("name the breached guardrails of the report's own figures, in the experiment's order", () => {
    const lines = [line('control', 1, null, null, null), line('B', 1, -4, -6, -2), line('B', 7, -2, -3, -1), line('C', 7, -1, -2, 0.5), line('B', 14, -9, -12, -6)];
    expect(guardrailBreaches(['D7', 'D1', 'arpu'], lines, (l) => `D${l.day}`, guardrailLabel)).toEqual([
      { guardrail: 'D7', variant: 'B', diff: -2, diffLow: -3, diffHigh: -1, text: 'Guardrail breached: D7 retention' },
      { guardrail: 'D1', variant: 'B', diff: -4, diffLow: -6, diffHigh: -2, text: 'Guardrail breached: D1 retention' },
    ]);
    expect(guardrailLabel('arpu')).toBe('ARPU (USD)');
  });

  it('put the flag first among the notices, with the interval of the method in force', () => {
    const answer = {
      control: 'control', method: 'sequential', srm: null, variants: [], lines: [], guardrails: ['D7'],
      guardrailBreaches: [{ guardrail: 'D7', variant: 'B', diff: -2, diffLow: -3.456, diffHigh: -0.5, text: 'Guardrail breached: D7 retention' }],
    };
    // A partial answer: only the fields the notices read.
    expect(abRetentionScreen.notices!(answer as never)[0]).toEqual({
      tone: 'warn',
      text: 'Guardrail breached: D7 retention: B is worse than control (Δ -2.00, 95% confidence sequence -3.46 … -0.50, entirely below 0).',
    });
  });

  it('are refused by the manager when they are not A/B figures, naming them and listing the valid ones', () => {
    const base = { appId: 'a', name: 'n', variantSpec: 'control:50, B:50', startDay: '2026-01-01' };
    expect(experimentSaveContract.request.safeParse({ ...base, guardrails: ['d7', 'ARPU'] }).success).toBe(true);
    const bad = experimentSaveContract.request.safeParse({ ...base, guardrails: ['D7', 'revenue'] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['guardrails', '"revenue" is not an A/B metric; guardrails are D1, D3, D7, D14, D30, arpu, sessions, playTime, level, conversion'],
    ]);
  });
});
