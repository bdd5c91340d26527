import { describe, expect, it } from 'vitest';
import { osOptions, parseOsValue } from './os-options';

describe('OS select options', () => {
  it('offers ALL (0), Android (1), iOS (2), WebGL (3) with title and value', () => {
    expect(osOptions()).toEqual([
      { title: 'All', value: 0 },
      { title: 'Android', value: 1 },
      { title: 'iOS', value: 2 },
      { title: 'WebGL', value: 3 },
    ]);
  });
  it('can leave ALL out', () => {
    expect(osOptions({ withAll: false }).map((o) => o.value)).toEqual([1, 2, 3]);
  });
  it('reads a query value, anything unknown being ALL', () => {
    expect(parseOsValue('2')).toBe(2);
    expect(parseOsValue('4')).toBe(0);
    expect(parseOsValue(null)).toBe(0);
    expect(parseOsValue('x')).toBe(0);
  });
});
