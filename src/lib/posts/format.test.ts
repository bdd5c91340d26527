import { describe, expect, it } from 'vitest';
import { formatPostTime } from './format';

describe('formatPostTime', () => {
  it('shows DD-MM-YYYY HH:mm in the studio time zone (UTC+7)', () => {
    expect(formatPostTime('2026-03-09T17:05:00.000Z')).toBe('10-03-2026 00:05');
    expect(formatPostTime('2026-12-31T01:30:00Z')).toBe('31-12-2026 08:30');
  });
});
