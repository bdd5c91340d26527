import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, normaliseCode } from './contract';
import { randomCodes } from './generate';

describe('generated gift codes', () => {
  it('are distinct, carry the prefix and only letters a player cannot mistake', () => {
    const codes = randomCodes(20_000, 'VIP');
    expect(new Set(codes).size).toBe(20_000);
    const shape = new RegExp(`^VIP[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
    expect(codes.filter((code) => !shape.test(code))).toEqual([]);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('use every letter of the alphabet about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const code of randomCodes(20_000, '')) for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (20_000 * CODE_LENGTH) / CODE_ALPHABET.length;
    expect(counts.size).toBe(CODE_ALPHABET.length);
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });

  it('are compared as typed: case, spaces and dashes do not matter', () => {
    expect(normaliseCode(' vip-abcd efgh ')).toBe('VIPABCDEFGH');
  });
});
