import { describe, expect, it } from 'vitest';
import { countryList, countryName, countryOptions, TOP_COUNTRY_CODES, UNKNOWN_COUNTRY_CODE } from './countries';
import { languageName, languageOptions } from './languages';

describe('country select', () => {
  it('lists the 41 top countries first, then the others by name, then Unknown', () => {
    expect(TOP_COUNTRY_CODES).toHaveLength(41);
    expect(new Set(TOP_COUNTRY_CODES).size).toBe(41);
    const list = countryList();
    expect(list.slice(0, 41).map((c) => c.countryCode)).toEqual([...TOP_COUNTRY_CODES]);
    const rest = list.slice(41, -1).map((c) => c.country);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.at(-1)).toEqual({ countryCode: UNKNOWN_COUNTRY_CODE, country: 'Unknown' });
    expect(new Set(list.map((c) => c.countryCode)).size).toBe(list.length);
    expect(list.length).toBe(251);
  });
  it('has options with title and value, and names codes', () => {
    expect(countryOptions()[0]).toEqual({ title: 'United States (US)', value: 'US' });
    expect(countryOptions().at(-1)).toEqual({ title: 'Unknown', value: 'ZZ' });
    expect(countryName('vn')).toBe('Vietnam');
    expect(countryName('ZZ')).toBe('Unknown');
  });
});

describe('language select', () => {
  it('offers ISO 639-1 codes with English names, by name', () => {
    const options = languageOptions();
    expect(options.length).toBe(183);
    expect(options).toContainEqual({ title: 'Vietnamese (vi)', value: 'vi' });
    expect(options[0]!.title).toBe('Abkhazian (ab)');
    expect(languageName('EN')).toBe('English');
  });
});
