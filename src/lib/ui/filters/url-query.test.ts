import { describe, expect, it } from 'vitest';
import { parseList, patchQuery } from './url-query';

describe('filter values in the URL query', () => {
  it('sets, replaces and removes values, keeping the others and the hash', () => {
    expect(patchQuery('/app_data/index?os=1&q=blo#top', { os: 2, labels: ['Top', 'New'] })).toBe('/app_data/index?os=2&q=blo&labels=Top%2CNew#top');
    expect(patchQuery('/x?os=1&q=a', { os: null, q: '' })).toBe('/x');
    expect(patchQuery('/x', { from: '2026-05-01', to: '2026-05-20', tags: [] })).toBe('/x?from=2026-05-01&to=2026-05-20');
  });
  it('reads comma-separated lists', () => {
    expect(parseList('Top,,New ')).toEqual(['Top', 'New']);
    expect(parseList(null)).toEqual([]);
  });
});
