import { describe, expect, it } from 'vitest';
import { financeNetwork } from './model';

describe('financeNetwork', () => {
  it("spells the SDK's network names as finance does, so an estimate groups with the network's own figures", () => {
    expect(['admob', 'AdMob', ' applovin ', 'MAX', 'unity', 'ironsource', 'facebook'].map(financeNetwork)).toEqual([
      'AdMob', 'AdMob', 'AppLovin MAX', 'AppLovin MAX', 'Unity Ads', 'ironSource', 'Meta Audience Network',
    ]);
    expect(financeNetwork('mintegral')).toBe('Mintegral');
    expect(financeNetwork('')).toBe('Unknown');
  });
});
