import { z } from 'zod';
import type { Sql } from '../server/db/sql';
import { badRequest } from '../server/errors';

/**
 * Rewards: a list of items of one app and amounts. Gift codes, mail attachments and live-event reward tables
 * all use this one shape and this one check, so a reward the console accepts is always deliverable.
 */
export const itemId = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must start with a letter and use letters, digits, _, . or - (max 64)');

export const reward = z.object({ itemId, amount: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000_000) });
export type Reward = z.infer<typeof reward>;

export const rewardList = z
  .array(reward)
  .min(1, 'needs at least one item')
  .max(20, 'at most 20 items')
  .refine((rs) => new Set(rs.map((r) => r.itemId)).size === rs.length, 'names an item twice');

export interface GameItem {
  appId: string;
  itemId: string;
  name: string;
  kind: 'currency' | 'consumable' | 'booster' | 'cosmetic' | 'bundle';
  maxAmount: number;
}

export async function listGameItems(db: Sql, appId: string): Promise<GameItem[]> {
  const rows = await db.query<{ item_id: string; name: string; kind: GameItem['kind']; max_amount: number }>(
    'SELECT item_id, name, kind, max_amount FROM game_items WHERE app_id = $1 ORDER BY name, item_id',
    [appId],
  );
  return rows.map((r) => ({ appId, itemId: r.item_id, name: r.name, kind: r.kind, maxAmount: r.max_amount }));
}

/**
 * Refuses a reward list naming an item the app does not have or an amount over the item's limit, with a
 * message naming the item (`field` is where the list sits in the request, e.g. "rewards" or "attachments").
 */
export async function checkRewards(db: Sql, appId: string, rewards: readonly Reward[], field = 'rewards'): Promise<void> {
  if (rewards.length === 0) return;
  const known = new Map((await listGameItems(db, appId)).map((i) => [i.itemId, i]));
  const unknown = rewards.filter((r) => !known.has(r.itemId)).map((r) => r.itemId);
  if (unknown.length) throw badRequest(`${field}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not an item' : 'are not items'} of ${appId}.`);
  for (const r of rewards) {
    const item = known.get(r.itemId)!;
    if (r.amount > item.maxAmount) throw badRequest(`${field}: ${r.amount} ${item.name} is over the item's limit of ${item.maxAmount} per grant.`);
  }
}

/** The demo studio's items, the same few per app (a real studio manages its list per app). */
export const demoGameItems: Omit<GameItem, 'appId'>[] = [
  { itemId: 'coin', name: 'Coins', kind: 'currency', maxAmount: 1_000_000 },
  { itemId: 'gem', name: 'Gems', kind: 'currency', maxAmount: 10_000 },
  { itemId: 'hint', name: 'Hint', kind: 'booster', maxAmount: 100 },
  { itemId: 'life', name: 'Extra life', kind: 'consumable', maxAmount: 50 },
  { itemId: 'frame_gold', name: 'Gold frame', kind: 'cosmetic', maxAmount: 1 },
];
