import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, tooDeepAt, tooDeepMessage } from './json-depth';

const arrays = (n: number, inner = '0') => '['.repeat(n) + inner + ']'.repeat(n);

describe('the JSON depth limit', () => {
  it('takes 32 levels and stops at the bracket that opens the 33rd', () => {
    expect(JSON_MAX_DEPTH).toBe(32);
    expect(tooDeepAt(arrays(32))).toBe(-1);
    expect(tooDeepAt(arrays(33))).toBe(32);
    expect(tooDeepAt(`{"a":${arrays(31)}}`)).toBe(-1);
    expect(tooDeepAt(`{"a":${arrays(32)}}`)).toBe(5 + 31);
  });

  it('counts objects and arrays alike, and 5,000 levels without recursion', () => {
    expect(tooDeepAt('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe(32 * 5);
    expect(tooDeepAt(arrays(5000, '"\u0000"'))).toBe(32);
    expect(tooDeepAt(arrays(1_000_000))).toBe(32);
  });

  it('reads brackets inside strings as text, escaped quotes included', () => {
    expect(tooDeepAt(JSON.stringify({ a: '['.repeat(100), b: 'say \\"[[[[' + '['.repeat(40) }))).toBe(-1);
    expect(tooDeepAt(JSON.stringify({ a: '"' + '['.repeat(40) }))).toBe(-1);
  });

  it('counts every sibling on its own level (wide is not deep)', () => {
    expect(tooDeepAt(JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, [[i]]]))))).toBe(-1);
  });

  it('names the field and the limit', () => {
    expect(tooDeepMessage('body')).toBe('body: nested deeper than 32 levels');
  });
});
