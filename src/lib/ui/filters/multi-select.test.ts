import { describe, expect, it } from 'vitest';
import { clearSelection, matchingOptions, MULTI_SELECT_LIMIT, MULTI_SELECT_WIDE_LIMIT, selectAll, selectionSummary, visibleOptions } from './multi-select';
import type { FilterOption } from './options';

const levels: FilterOption<number>[] = Array.from({ length: 500 }, (_, i) => ({ title: String(i + 1), value: i + 1 }));
const countries: FilterOption<string>[] = [
  { title: 'Vietnam', value: 'VN' },
  { title: 'United States', value: 'US' },
  { title: 'Netherlands', value: 'NL' },
  { title: 'Estonia', value: 'EE' },
];

describe('multi-select filtering', () => {
  it('shows at most 100 options, 200 in the wide variant', () => {
    expect(MULTI_SELECT_LIMIT).toBe(100);
    expect(visibleOptions(levels, '')).toHaveLength(100);
    expect(visibleOptions(levels, '', { limit: MULTI_SELECT_WIDE_LIMIT })).toHaveLength(200);
    // "1" matches 1, 10-19, 100-199, 21, 31… : more than 100, capped after filtering.
    expect(matchingOptions(levels, '1').length).toBeGreaterThan(100);
    expect(visibleOptions(levels, '1')).toHaveLength(100);
  });

  it('matches title or value case-insensitively, in list order', () => {
    expect(visibleOptions(countries, 'ne').map((o) => o.value)).toEqual(['NL']);
    expect(visibleOptions(countries, 'ST').map((o) => o.value)).toEqual(['US', 'EE']);
    expect(visibleOptions(countries, 'us').map((o) => o.value)).toEqual(['US']);
  });

  it('level mode ranks exact matches, then prefix, then contains', () => {
    const shown = visibleOptions(levels, '12', { levelMode: true }).map((o) => o.value);
    expect(shown.slice(0, 12)).toEqual([12, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 112]);
    expect(shown).toEqual([12, ...Array.from({ length: 10 }, (_, i) => 120 + i), 112, 212, 312, 412]);
    // Without level mode the list order is kept.
    expect(visibleOptions(levels, '12').map((o) => o.value).slice(0, 3)).toEqual([12, 112, 120]);
  });

  it('All adds every match (also beyond the cap) to the selection; Clear empties it', () => {
    expect(selectAll(levels, '', [])).toHaveLength(500);
    const ones = selectAll(levels, '1', [499]);
    expect(ones).toContain(199);
    expect(ones).toContain(499);
    expect(ones.length).toBe(matchingOptions(levels, '1').length + 1);
    expect(selectAll(countries, 'st', ['VN'])).toEqual(['VN', 'US', 'EE']);
    expect(clearSelection()).toEqual([]);
  });

  it('summarises the selection', () => {
    expect(selectionSummary(countries, [])).toBe('');
    expect(selectionSummary(countries, ['US', 'VN'])).toBe('Vietnam, United States');
    expect(selectionSummary(countries, ['US', 'VN', 'EE'])).toBe('Vietnam, United States +1');
    expect(selectionSummary(countries, ['US', 'VN', 'EE', 'NL'])).toBe('All');
  });
});
