import { loadRates } from '../finance/money';
import { deliverMail, REWARD_MAIL_TTL_MS } from '../mail/deliver';
import { parseRewardText } from '../mail/rewards-text';
import { checkRewards, rewardList, type Reward } from '../rewards/items';
import type { Sql } from '../server/db';
import { HttpError } from '../server/errors';
import { reportDay } from '../time/day';
import { messageOf } from '../error-message';

/**
 * The product catalogue (Config Data → IAP Config, one item per app and product id) in purchase verification
 * (issue 39). When a purchase is verified, in the transaction that verifies it:
 * - the product is looked up: a product id the app's catalogue does not list is flagged "unknown" on the
 *   purchase (IAP log, exports and the filter show it);
 * - the price: the store's when its answer carries one (App Store transactions do, in milliunits), else the
 *   catalogue's, marked as such; in USD at the stored rate of the purchase's UTC+7 day (finance_fx_rates);
 * - the reward: the catalogue's reward list is mailed to the player (the rewards/mail path, deliverMail), once:
 *   only the transaction that moves the purchase from pending to verified grants it, and a non-consumable
 *   product is granted once per player whatever its transaction (a restore grants nothing new).
 */

export type ProductType = 'consumable' | 'non-consumable' | 'subscription';

export interface CatalogueProduct {
  productId: string;
  type: ProductType;
  priceMicros: number;
  currency: string;
  rewards: Reward[];
  /** Why the stored reward cannot be granted (it does not parse), '' when it can. */
  rewardProblem: string;
}

export async function catalogueProduct(db: Sql, appId: string, productId: string): Promise<CatalogueProduct | null> {
  const row = await db.one<{ data: { type: ProductType; priceMicros: number; currency: string; reward?: string } }>(
    `SELECT data FROM config_items WHERE kind = 'iap_config' AND scope = $1 AND item_key = $2`,
    [appId, productId],
  );
  if (!row) return null;
  const parsed = row.data.reward?.trim() ? rewardList.safeParse(parseRewardText(row.data.reward)) : null;
  return {
    productId, type: row.data.type, priceMicros: Number(row.data.priceMicros), currency: row.data.currency,
    rewards: parsed?.success ? parsed.data : [],
    rewardProblem: parsed && !parsed.success ? `the catalogue's reward "${row.data.reward}" is not a list like coin:100, gem:5` : '',
  };
}

/** The price the store's answer carries: App Store transactions give price (milliunits) and currency. */
function storePrice(storeData: Record<string, unknown>): { micros: number; currency: string } | null {
  const { price, currency } = storeData;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  return { micros: Math.round(price * 1000), currency };
}

export interface CatalogueOutcome {
  state: 'listed' | 'unknown';
  productType: string;
  priceMicros: number | null;
  currency: string;
  usdMicros: number | null;
  priceSource: '' | 'store' | 'catalogue';
  rewardMailId: number | null;
  rewardNote: string;
}

export interface VerifiedPurchase {
  appId: string;
  userId: string;
  productId: string;
  transactionId: string;
  storeData: Record<string, unknown>;
  /** When it was verified (ms): its day picks the rate. */
  at: number;
}

/**
 * What the catalogue makes of a purchase just verified, with the reward mailed. Call it inside the transaction
 * whose UPDATE moved the purchase out of pending (and only then), so a reward exists exactly when the
 * verification does. A reward that cannot be delivered (an item the app no longer has) is noted, not granted:
 * the purchase stays verified.
 */
export async function applyCatalogue(tx: Sql, product: CatalogueProduct | null, p: VerifiedPurchase): Promise<CatalogueOutcome> {
  const fromStore = storePrice(p.storeData);
  const price = fromStore ?? (product ? { micros: product.priceMicros, currency: product.currency } : null);
  let usdMicros: number | null = null;
  let rewardNote = '';
  if (price) {
    const rate = (await loadRates(tx, [price.currency]))(price.currency, reportDay(p.at));
    if (rate === null) rewardNote = `no USD rate for ${price.currency} on or before ${reportDay(p.at)}: price kept in ${price.currency} only`;
    else usdMicros = Math.round((price.micros * rate) / 1_000_000);
  }
  const outcome: CatalogueOutcome = {
    state: product ? 'listed' : 'unknown', productType: product?.type ?? '',
    priceMicros: price?.micros ?? null, currency: price?.currency ?? '', usdMicros,
    priceSource: fromStore ? 'store' : product ? 'catalogue' : '',
    rewardMailId: null, rewardNote,
  };
  if (!product) return outcome;
  const note = (text: string) => (outcome.rewardNote = outcome.rewardNote ? `${outcome.rewardNote}; ${text}` : text);
  if (product.rewardProblem) return (note(`reward not granted: ${product.rewardProblem}`), outcome);
  if (product.rewards.length === 0) return outcome;
  if (product.type === 'non-consumable') {
    // One grant per player and product: parallel transactions of the same product wait for each other here.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`iap-reward:${p.appId}:${p.userId}:${p.productId}`]);
    const owned = await tx.one<{ id: number }>(
      `SELECT id::int AS id FROM iap_verifications WHERE app_id = $1 AND user_id = $2 AND product_id = $3 AND reward_mail_id IS NOT NULL LIMIT 1`,
      [p.appId, p.userId, p.productId],
    );
    if (owned) return (note(`reward not granted again: a non-consumable the player already received with verification ${owned.id}`), outcome);
  }
  try {
    await checkRewards(tx, p.appId, product.rewards, 'reward');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return (note(`reward not granted: ${messageOf(error)}`), outcome);
  }
  outcome.rewardMailId = await deliverMail(tx, {
    appId: p.appId,
    userId: p.userId,
    title: 'Your purchase',
    body: `Thank you for buying ${p.productId}.`,
    rewards: product.rewards,
    expiresAt: new Date(p.at + REWARD_MAIL_TTL_MS).toISOString(),
    source: 'iap',
    sourceRef: `${p.productId} · ${p.transactionId}`,
  });
  return outcome;
}
