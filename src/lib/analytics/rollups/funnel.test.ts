import { describe, expect, it } from 'vitest';
import { funnelPath } from './funnel';

const s = 1000;
const ev = (step: number, time: number, eventId = `e${step}-${time}`) => ({ step, time, eventId });

describe('a player\'s funnel path', () => {
  it('enters at the first step 0 and takes each next step at its first event after the previous one', () => {
    expect(funnelPath([ev(2, 50 * s), ev(0, 10 * s), ev(1, 5 * s), ev(1, 30 * s), ev(0, 40 * s)])).toEqual({ entry: ev(0, 10 * s), reached: 3, stepSecs: [20, 20] });
  });

  it('stops at a missing step and outside the window', () => {
    expect(funnelPath([ev(0, 0), ev(2, 5 * s)])).toMatchObject({ reached: 1, stepSecs: [] });
    expect(funnelPath([ev(0, 0), ev(1, 7 * 86_400 * s + 1)])).toMatchObject({ reached: 1 });
    expect(funnelPath([ev(0, 0), ev(1, 7 * 86_400 * s)])).toMatchObject({ reached: 2 });
  });

  it('has no path without step 0', () => {
    expect(funnelPath([ev(1, 0), ev(2, 1)])).toBeNull();
  });
});
