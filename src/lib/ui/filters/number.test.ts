import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumberInput, timeAgo } from './number';

describe('number input', () => {
  it('strips commas and converts to a number', () => {
    expect(parseNumberInput('1,234,567')).toBe(1234567);
    expect(parseNumberInput(' 1,234.50 ')).toBe(1234.5);
    expect(parseNumberInput('-2,000')).toBe(-2000);
    expect(parseNumberInput('1e3')).toBe(1000);
  });
  it('answers null for empty or non-numeric text', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput(',')).toBeNull();
    expect(parseNumberInput('12abc')).toBeNull();
    expect(parseNumberInput('1.2.3')).toBeNull();
  });
});

describe('number formatter', () => {
  it('abbreviates with k, M, G, T, P, E', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(1234)).toBe('1.2k');
    expect(formatNumber(1_500_000)).toBe('1.5M');
    expect(formatNumber(2e9)).toBe('2G');
    expect(formatNumber(3.25e12, 2)).toBe('3.25T');
    expect(formatNumber(4e15)).toBe('4P');
    expect(formatNumber(5.5e18)).toBe('5.5E');
  });
  it('keeps the sign, rounds small numbers and drops trailing zeros', () => {
    expect(formatNumber(-1234)).toBe('-1.2k');
    expect(formatNumber(12.345, 2)).toBe('12.35');
    expect(formatNumber(1049)).toBe('1k');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('time ago', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  it('minutes under 1 hour', () => {
    expect(timeAgo(now - 30_000, now)).toBe('just now');
    expect(timeAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(timeAgo(now - 59 * 60_000, now)).toBe('59 minutes ago');
  });
  it('hours under 1 day', () => {
    expect(timeAgo(now - 3600_000, now)).toBe('1 hour ago');
    expect(timeAgo(new Date(now - 23.5 * 3600_000), now)).toBe('23 hours ago');
  });
  it('days beyond', () => {
    expect(timeAgo('2026-05-19T12:00:00Z', now)).toBe('1 day ago');
    expect(timeAgo('2026-04-20T12:00:00Z', now)).toBe('30 days ago');
  });
});
