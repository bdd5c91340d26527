import { describe, expect, it } from 'vitest';
import { attachments } from './rewards-text';
import { dayStartIso, parseConsoleDateTime } from './when';

describe('times typed in the console', () => {
  it('reads DD-MM-YYYY HH:mm as UTC+7 and ISO times with their offset; refuses impossible dates', () => {
    expect(parseConsoleDateTime('31-12-2026 23:59')).toBe('2026-12-31T16:59:00.000Z');
    expect(parseConsoleDateTime('01-01-2027 06:30')).toBe('2026-12-31T23:30:00.000Z');
    expect(parseConsoleDateTime('2026-11-23T10:00:00+07:00')).toBe('2026-11-23T03:00:00.000Z');
    expect(parseConsoleDateTime('31-02-2026 10:00')).toBeNull();
    expect(parseConsoleDateTime('01-01-2026 24:00')).toBeNull();
    expect(parseConsoleDateTime('tomorrow')).toBeNull();
    expect(parseConsoleDateTime('2026-11-23T10:00:00')).toBeNull();
    expect(dayStartIso('2026-11-24')).toBe('2026-11-23T17:00:00.000Z');
  });
});

describe('rewards typed as one line', () => {
  it('reads "coin:100, gem:5" and refuses a duplicate or a word without an amount', () => {
    expect(attachments.parse('coin:100, gem:5')).toEqual([{ itemId: 'coin', amount: 100 }, { itemId: 'gem', amount: 5 }]);
    expect(attachments.parse('')).toEqual([]);
    expect(attachments.parse([{ itemId: 'life', amount: 2 }])).toEqual([{ itemId: 'life', amount: 2 }]);
    expect(attachments.safeParse('coin:1, coin:2').success).toBe(false);
    expect(attachments.safeParse('coin').success).toBe(false);
    expect(attachments.safeParse('coin:0').success).toBe(false);
  });
});
