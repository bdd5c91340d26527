import { afterEach, describe, expect, it } from 'vitest';
import { reportDay } from './day';
import { nowMs, resetClock, serverNowMeta } from './clock';

const saved = process.env.GSM_CLOCK_OFFSET_MS;
afterEach(() => {
  if (saved === undefined) delete process.env.GSM_CLOCK_OFFSET_MS;
  else process.env.GSM_CLOCK_OFFSET_MS = saved;
  resetClock();
});

describe('the console clock', () => {
  it('reads the real time when no test offset is set', () => {
    delete process.env.GSM_CLOCK_OFFSET_MS;
    resetClock();
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(50);
  });

  it('moves every reading by the test offset, so the reporting day can be chosen (23:55 on a month\'s last day)', () => {
    const target = Date.parse('2026-11-30T23:55:00+07:00');
    process.env.GSM_CLOCK_OFFSET_MS = String(target - Date.now());
    resetClock();
    expect(Math.abs(nowMs() - target)).toBeLessThan(1000);
    expect(reportDay(nowMs())).toBe('2026-11-30');
    expect(Math.abs(Number(serverNowMeta().content) - target)).toBeLessThan(1000);
  });
});
