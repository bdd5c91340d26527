import { describe, expect, it } from 'vitest';
import { cappedOptions } from './capped-options';
import { countryOptions } from './countries';

describe('single-select options', () => {
  const countries = countryOptions();
  it('shows at most 100 options and keeps the top countries first when nothing is typed', () => {
    const shown = cappedOptions(countries, '', null);
    expect(shown).toHaveLength(100);
    expect(shown[0]!.value).toBe('US');
  });
  it('ranks what was typed: exact, prefix, anywhere', () => {
    expect(cappedOptions(countries, 'ind', null).map((o) => o.value).slice(0, 3)).toEqual(['ID', 'IN', 'IO']);
  });
  it('keeps the selected option so its label shows', () => {
    expect(cappedOptions(countries, 'viet', 'ZZ').map((o) => o.value)).toEqual(['ZZ', 'VN']);
  });
});
