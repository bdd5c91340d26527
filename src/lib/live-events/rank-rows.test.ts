import { describe, expect, it } from 'vitest';
import { parseRewardSpec } from './contract';
import { nextRankRow, rankRowsOf, rankRowsText } from './rank-rows';

describe('rank reward rows', () => {
  it('reads a table as rows and writes the same table back', () => {
    const text = '1: gem 100, coin 5000\n2-10: coin 1000\n11-50: hint 2';
    expect(rankRowsOf(text)).toEqual([
      { tier: '', from: 1, to: 1, rewards: [{ itemId: 'gem', amount: 100 }, { itemId: 'coin', amount: 5000 }] },
      { tier: '', from: 2, to: 10, rewards: [{ itemId: 'coin', amount: 1000 }] },
      { tier: '', from: 11, to: 50, rewards: [{ itemId: 'hint', amount: 2 }] },
    ]);
    expect(rankRowsText(rankRowsOf(text))).toBe(text);
  });
  it("keeps a season's tiers", () => {
    const text = 'Gold 1-50: gem 50\nSilver 1-50: coin 2000';
    expect(rankRowsOf(text)[1]).toEqual({ tier: 'Silver', from: 1, to: 50, rewards: [{ itemId: 'coin', amount: 2000 }] });
    expect(rankRowsText(rankRowsOf(text))).toBe(text);
  });
  it('writes a half-filled row so that the contract names what is missing', () => {
    const text = rankRowsText([{ tier: '', from: 1, to: 1, rewards: [{ itemId: 'gem', amount: null }] }]);
    expect(text).toBe('1: gem');
    expect(parseRewardSpec(text)).toEqual({ error: '"gem" is not "item amount"' });
  });
  it('adds the next range after the last, as wide as it', () => {
    expect(nextRankRow(rankRowsOf('1: gem 1\n2-10: coin 5'))).toEqual({ tier: '', from: 11, to: 19, rewards: [{ itemId: '', amount: 1 }] });
    expect(nextRankRow([])).toEqual({ tier: '', from: 1, to: 1, rewards: [{ itemId: '', amount: 1 }] });
  });
});
