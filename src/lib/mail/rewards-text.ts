import { z } from 'zod';
import { reward } from '../rewards/items';

/**
 * Rewards as one line a person types in a form ("coin:100, gem:5") or as the list an API caller sends;
 * both end as [{ itemId, amount }].
 */
export function parseRewardText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parts = value.split(/[,\n;]/).map((p) => p.trim()).filter(Boolean);
  return parts.map((p) => {
    const m = /^([^:=\s]+)\s*[:=x×\s]\s*(-?\d+)$/.exec(p);
    return m ? { itemId: m[1], amount: Number(m[2]) } : { itemId: p, amount: Number.NaN };
  });
}

export const rewardsToText = (rs: readonly { itemId: string; amount: number }[]) => rs.map((r) => `${r.itemId}:${r.amount}`).join(', ');

const unique = (rs: { itemId: string }[]) => new Set(rs.map((r) => r.itemId)).size === rs.length;

/** Attachments of a mail: none, or up to 20 distinct items. */
export const attachments = z.preprocess(
  parseRewardText,
  z.array(reward, { error: 'must be a list like coin:100, gem:5' }).max(20, 'at most 20 items').refine(unique, 'names an item twice'),
);

/** Rewards of a gift code: at least one item. */
export const requiredRewards = z.preprocess(
  parseRewardText,
  z.array(reward, { error: 'must be a list like coin:100, gem:5' }).min(1, 'needs at least one item, like coin:100').max(20, 'at most 20 items').refine(unique, 'names an item twice'),
);
