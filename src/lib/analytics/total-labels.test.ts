import { describe, expect, it } from 'vitest';
import { mainDataScreen } from './screens';

describe('the Total line names how each column is formed', () => {
  it('Main Data: counts and money are sums, DAU and paying users averages, rates ratios of sums', () => {
    const t = mainDataScreen.table({ from: '', to: '', apps: [], pending: 0, rows: [] }, mainDataScreen.contract.request.parse({}));
    expect(Object.fromEntries(t.columns.slice(1).map((c) => [c.label, c.aggregate]))).toEqual({
      Installs: 'sum',
      DAU: 'average',
      'Sessions / DAU': 'ratio',
      'Avg session time': 'ratio',
      'Ad impressions / DAU': 'ratio',
      'Ad revenue': 'sum',
      'IAP revenue': 'sum',
      'Paying users': 'average',
      ARPDAU: 'ratio',
      ARPPU: 'ratio',
      Conversion: 'ratio',
    });
  });
});
