/**
 * The simulated studio's money extras (called once per session from ./simulator.ts): store transactions
 * the SDK reports twice (a purchase restored or replayed under a new event id, same transaction id — the
 * IAP reports count it once) and a monthly VIP subscription beside the weekly one: bought with a
 * purchase, or a free 3-day trial a few new players start; renewed (paid) or cancelled when due, as the SDK
 * reports it on the player's next session. Its own seeded generator per player and session, so the main
 * simulation's draws (and so every other figure) are unchanged by it. Self-contained like simulator.ts.
 */
import { hashParts, mulberry32 } from '../random/seeded.ts';

type Emit = (name: string, time: number, params?: Record<string, unknown>) => void;

export interface MoneySession {
  /** When the session's purchases happen (ms). */
  time: number;
  /** Session number of the day (0 = first). */
  session: number;
  /** Days since the player installed. */
  daysSinceInstall: number;
  /** The iap_purchase params of this session's purchase, if any. */
  purchase: Record<string, unknown> | null;
}

/** Share of purchases the SDK reports a second time. */
export const DUPLICATE_PURCHASE_RATE = 0.05;
const MONTHLY = { productId: 'vip_monthly', priceMicros: 9_990_000, currency: 'USD', revenueUsdMicros: 9_990_000 };
/** Days of the free trial, and of a paid period. */
const TRIAL_DAYS = 3;
const PERIOD_DAYS = 30;
/** A subscribed player's next renewal (in days since install), reported on their first session from then on. */
const renewalDue = new WeakMap<object, number>();

export function simulateMoney(emit: Emit, player: { id: string; seq: number }, s: MoneySession): void {
  const rng = mulberry32(hashParts('money', player.id, player.seq));
  if (s.purchase && rng() < DUPLICATE_PURCHASE_RATE) emit('iap_purchase', s.time + 15_000 + Math.floor(rng() * 60_000), { ...s.purchase });
  const due = renewalDue.get(player);
  if (due === undefined) {
    // Payers sometimes add it to a purchase (paid at once); a few new players start a free trial.
    if (s.purchase && rng() < 0.12) {
      renewalDue.set(player, s.daysSinceInstall + PERIOD_DAYS);
      emit('subscription', s.time + 700, { action: 'start', ...MONTHLY, transactionId: `M.${player.id}.${player.seq}` });
    } else if (s.session === 0 && s.daysSinceInstall <= 2 && rng() < 0.02) {
      renewalDue.set(player, s.daysSinceInstall + TRIAL_DAYS);
      emit('subscription', s.time + 700, { action: 'start', productId: MONTHLY.productId, priceMicros: 0, currency: 'USD', revenueUsdMicros: 0 });
    }
  } else if (s.session === 0 && s.daysSinceInstall >= due) {
    // The store renewed or ended it; the SDK reports it when the game next opens.
    if (rng() < 0.3) {
      renewalDue.set(player, Infinity);
      emit('subscription', s.time + 450, { action: 'cancel', productId: MONTHLY.productId });
    } else {
      renewalDue.set(player, due + PERIOD_DAYS);
      emit('subscription', s.time + 450, { action: 'renew', ...MONTHLY, transactionId: `M.${player.id}.${player.seq}` });
    }
  }
}
