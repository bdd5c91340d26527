import { describe, expect, it } from 'vitest';
import { DAYS_SINCE_INSTALL_BUCKETS, daysBucket, LEVEL_BANDS, levelBand, NO_INSTALL_BUCKET } from './metrics';

describe('First IAP bands', () => {
  it('names the day buckets and level bands as the report shows them', () => {
    expect(DAYS_SINCE_INSTALL_BUCKETS.map((b) => b.key)).toEqual(['0', '1', '2-3', '4-7', '8-14', '15-30', '31+']);
    expect(LEVEL_BANDS.map((b) => b.key)).toEqual(['none', '1-5', '6-10', '11-20', '21-50', '51-100', '101+']);
  });
  it('puts each value in its band, edges included', () => {
    expect([0, 1, 2, 3, 4, 7, 8, 14, 15, 30, 31, 400].map(daysBucket)).toEqual(['0', '1', '2-3', '2-3', '4-7', '4-7', '8-14', '8-14', '15-30', '15-30', '31+', '31+']);
    expect(daysBucket(null)).toBe(NO_INSTALL_BUCKET);
    expect(daysBucket(-1)).toBe(NO_INSTALL_BUCKET);
    expect([0, 1, 5, 6, 10, 11, 20, 21, 50, 51, 100, 101, 9999].map(levelBand)).toEqual(['none', '1-5', '1-5', '6-10', '6-10', '11-20', '11-20', '21-50', '21-50', '51-100', '51-100', '101+', '101+']);
  });
});
