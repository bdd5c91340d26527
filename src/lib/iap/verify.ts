import type { Db, Sql } from '../server/db';
import { JSON_MAX_DEPTH } from '../json-depth';
import { tunables } from '../server/config';
import { badRequest, conflict, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import { askAppStore } from './app-store';
import { applyCatalogue, catalogueProduct } from './catalogue';
import { peekJwsPayload } from './apple-jws';
import type { IapStatus, IapStore, VerificationAnswer } from './contract';
import { appStoreKey, googleServiceAccount } from './credentials';
import { askGooglePlay } from './google-play';
import { pending, type StoreReply } from './outcome';
import { restateFirstPurchase } from '../analytics/rollups/first-purchase';
import { usesColumnStore } from '../analytics/store/column-store';

/**
 * IAP verification: a purchase claim is stored first (pending), then asked of its store; the answer and the
 * exchange are recorded. A (store, transaction id) is accepted once: a later claim is stored as a duplicate
 * of the first and never reaches the store. A store that does not answer leaves the purchase pending with a
 * next attempt time; the job iap_verify_retry asks again with backoff, so a claim is never lost.
 */

export interface PurchaseToVerify {
  appId: string;
  store: IapStore;
  productId: string;
  transactionId: string;
  /** Google Play's purchase token (the receipt). */
  purchaseToken?: string;
  /** StoreKit 2's signed transaction (optional; must name the same transaction). */
  signedTransaction?: string;
  userId: string;
  source: 'sdk' | 'staff';
  /** The staff username, or the player's device for the SDK. */
  requestedBy: string;
}

/** Pending purchases are asked again after base × 2^(attempts − 1), at most this long apart. */
export const RETRY_MAX_MS = 6 * 3600_000;
/** How many pending purchases one run of the retry job asks about. */
export const RETRY_BATCH = 50;

const STORE_OS: Record<IapStore, { os: number; name: string }> = { google_play: { os: 1, name: 'Android package name' }, app_store: { os: 2, name: 'iOS bundle id' } };

type Row = {
  id: number; app_id: string; store: IapStore; transaction_id: string; product_id: string; user_id: string; purchase_token: string;
  status: IapStatus; reason: string; duplicate_of: number | null; attempts: number; created_at: Date; decided_at: Date | null;
};
const COLUMNS = 'id::int AS id, app_id, store, transaction_id, product_id, user_id, purchase_token, status, reason, duplicate_of::int AS duplicate_of, attempts, created_at, decided_at';

/** Whether the app's catalogue (Config Data → IAP Config) lists the product ($1 app, $4 product id): see ./catalogue.ts. */
const CATALOGUE_STATE = `CASE WHEN EXISTS (SELECT 1 FROM config_items WHERE kind = 'iap_config' AND scope = $1 AND item_key = $4) THEN 'listed' ELSE 'unknown' END`;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function answerOf(row: Row, first: Row | null): VerificationAnswer {
  return {
    id: row.id, status: row.status, reason: row.reason, store: row.store, transactionId: row.transaction_id, productId: row.product_id, userId: row.user_id,
    createdAt: iso(row.created_at)!,
    first: first ? { id: first.id, status: first.status, at: iso(first.decided_at ?? first.created_at)! } : null,
  };
}

/** The package name / bundle id of the app's platform for the store; 400 when the app has none. */
async function packageOf(db: Sql, appId: string, store: IapStore): Promise<string> {
  const app = await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]);
  if (!app) throw notFound(`appId: app "${appId}" does not exist.`);
  const row = await db.one<{ package_id: string }>('SELECT package_id FROM app_os WHERE app_id = $1 AND os = $2', [appId, STORE_OS[store].os]);
  if (!row) throw badRequest(`store: app "${appId}" has no ${STORE_OS[store].name}, so it sells nothing on ${store}.`);
  return row.package_id;
}

/** The checks that need no store: a claim that fails them is refused with 400 and nothing is stored. */
function checkClaim(p: PurchaseToVerify): void {
  if (p.store === 'google_play' && !p.purchaseToken) throw badRequest('purchaseToken: is required for google_play (the token Google Play gave the game).');
  if (p.store === 'app_store' && !/^\d{1,30}$/.test(p.transactionId)) throw badRequest('transactionId: an App Store transaction id is digits only.');
  if (p.signedTransaction) {
    if (p.store !== 'app_store') throw badRequest('signedTransaction: only App Store purchases carry a signed transaction.');
    const payload = peekJwsPayload(p.signedTransaction);
    if (!payload) throw badRequest(`signedTransaction: its payload is not readable JSON (or is nested deeper than ${JSON_MAX_DEPTH} levels).`);
    if (String(payload.transactionId) !== p.transactionId) throw badRequest(`signedTransaction: names transaction ${String(payload.transactionId)}, not ${p.transactionId}.`);
  }
}

/**
 * Verifies one purchase with its store (see the module comment). The one function the console's screens and
 * the SDK route call: the test screens use it too.
 */
export async function verifyPurchase(db: Db, purchase: PurchaseToVerify): Promise<VerificationAnswer> {
  return (await verify(db, purchase)).answer;
}

/** What a game is told: its own purchase's outcome in the game's terms (see forGame). */
export async function verifyPurchaseForGame(db: Db, purchase: PurchaseToVerify): Promise<VerificationAnswer> {
  const { answer, firstUserId, firstAnswer } = await verify(db, purchase);
  // The same player sending the same purchase again is a replay (a lost answer, or "send it again later" after
  // pending): it is logged as a duplicate and answers the first verification's answer — exactly the first answer
  // once the store has decided, the decision itself when the first was still pending (docs/sdk.md, "Retries").
  if (answer.status === 'duplicate' && firstAnswer && firstUserId === purchase.userId) return forGame(firstAnswer);
  return forGame(answer);
}

/** Reasons as a game reads them: never a console screen, a setting's scope or another player's verification. */
export const GAME_TEXTS = {
  pending: 'The store has not confirmed this purchase yet; it is asked again automatically. Send the same purchase again later to read the result.',
  duplicateOther: 'duplicate transaction: this purchase was already claimed.',
} as const;

/**
 * The answer as the game sees it. Why a purchase is pending (a missing service account, a store's 503) is the
 * studio's to fix, and said on the console's IAP log. A duplicate reaching here is another player's claim of the
 * transaction (the same player's replay answered the first verification before this): it names no verification,
 * since their id and time are none of another player's business.
 */
function forGame(answer: VerificationAnswer): VerificationAnswer {
  if (answer.status === 'pending') return { ...answer, reason: GAME_TEXTS.pending };
  if (answer.status === 'duplicate') return { ...answer, reason: GAME_TEXTS.duplicateOther, first: null };
  return answer;
}

async function verify(db: Db, purchase: PurchaseToVerify): Promise<{ answer: VerificationAnswer; firstUserId: string | null; firstAnswer?: VerificationAnswer }> {
  checkClaim(purchase);
  const packageName = await packageOf(db, purchase.appId, purchase.store);
  const now = nowMs();
  const firstTry = new Date(now + tunables().iap.retryBaseMs).toISOString();
  // Stored before the store is asked, due for a retry already: a crash mid-request leaves it pending, not lost.
  const inserted = await db.one<Row>(
    `INSERT INTO iap_verifications (app_id, store, transaction_id, product_id, user_id, purchase_token, source, requested_by, status, reason, next_attempt_at, created_at, catalogue_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 'waiting for the store', $9::timestamptz, $10::timestamptz, ${CATALOGUE_STATE})
     ON CONFLICT (app_id, store, transaction_id) WHERE status <> 'duplicate' DO NOTHING
     RETURNING ${COLUMNS}`,
    [purchase.appId, purchase.store, purchase.transactionId, purchase.productId, purchase.userId, purchase.purchaseToken ?? '', purchase.source, purchase.requestedBy, firstTry, new Date(now).toISOString()],
  );
  if (!inserted) return recordDuplicate(db, purchase, now);
  const decided = await askStore(db, inserted, packageName);
  return { answer: answerOf(decided, null), firstUserId: null };
}

async function recordDuplicate(db: Db, purchase: PurchaseToVerify, now: number): Promise<{ answer: VerificationAnswer; firstUserId: string; firstAnswer: VerificationAnswer }> {
  const first = await db.one<Row>(`SELECT ${COLUMNS} FROM iap_verifications WHERE app_id = $1 AND store = $2 AND transaction_id = $3 AND status <> 'duplicate'`, [purchase.appId, purchase.store, purchase.transactionId]);
  // The original vanished between the two statements (its app was deleted): nothing to point at; the caller may retry.
  if (!first) throw conflict(`transactionId: ${purchase.transactionId} changed while it was being recorded; send it again.`);
  const row = await db.one<Row>(
    `INSERT INTO iap_verifications (app_id, store, transaction_id, product_id, user_id, purchase_token, source, requested_by, status, reason, duplicate_of, created_at, decided_at, catalogue_state)
     VALUES ($1, $2, $3, $4, $5, '', $6, $7, 'duplicate', $8, $9, $10::timestamptz, $10::timestamptz, ${CATALOGUE_STATE})
     RETURNING ${COLUMNS}`,
    [purchase.appId, purchase.store, purchase.transactionId, purchase.productId, purchase.userId, purchase.source, purchase.requestedBy,
      `duplicate transaction: first received ${formatDateTime(iso(first.created_at)!)} (UTC+7) as verification ${first.id}`, first.id, new Date(now).toISOString()],
  );
  return { answer: answerOf(row!, first), firstUserId: first.user_id, firstAnswer: answerOf(first, null) };
}

/** Asks the store about a pending original, logs the exchange and records the outcome. */
async function askStore(db: Db, row: Row, packageName: string): Promise<Row> {
  const claim = { productId: row.product_id, transactionId: row.transaction_id, purchaseToken: row.purchase_token };
  let reply: StoreReply;
  if (row.store === 'google_play') {
    const account = await googleServiceAccount(db, row.app_id);
    reply = account ? await askGooglePlay(account, packageName, claim) : { outcome: pending(`app "${row.app_id}" has no GA service account (Config Data, scope app:${row.app_id}) to ask Google Play with`) };
  } else {
    const key = await appStoreKey(db, row.app_id);
    reply = key ? await askAppStore(key, packageName, claim) : { outcome: pending(`app "${row.app_id}" has no App Store Server API key (App Manager → App Store key)`) };
  }
  const { outcome, exchange } = reply;
  const product = outcome.result === 'verified' ? await catalogueProduct(db, row.app_id, row.product_id) : null;
  const now = nowMs();
  const attempts = row.attempts + 1;
  const retryAt = outcome.result === 'pending' ? new Date(now + Math.min(tunables().iap.retryBaseMs * 2 ** (attempts - 1), RETRY_MAX_MS)).toISOString() : null;
  return db.transaction(async (tx) => {
    if (exchange) {
      await tx.query(
        `INSERT INTO iap_request_log (at, verification_id, app_id, store, transaction_id, user_id, request, http_status, response, latency_ms, result)
         VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10, $11)`,
        [new Date(now).toISOString(), row.id, row.app_id, row.store, row.transaction_id, row.user_id, JSON.stringify(exchange.request), exchange.httpStatus,
          JSON.stringify(exchange.response ?? null), exchange.latencyMs, outcome.result],
      );
    }
    const updated = await tx.one<Row>(
      `UPDATE iap_verifications SET status = $2, reason = $3, store_data = $4::jsonb, attempts = $5, next_attempt_at = $6::timestamptz,
              decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE $7::timestamptz END
        WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [row.id, outcome.result, outcome.reason, JSON.stringify(outcome.storeData), attempts, retryAt, new Date(now).toISOString()],
    );
    if (outcome.result === 'refused') await dropRevenue(tx, row);
    // Only the transaction that verified it applies the catalogue: its reward is mailed once per purchase.
    if (updated && outcome.result === 'verified') {
      const c = await applyCatalogue(tx, product, { appId: row.app_id, userId: row.user_id, productId: row.product_id, transactionId: row.transaction_id, storeData: outcome.storeData, at: now });
      await tx.query(
        `UPDATE iap_verifications SET catalogue_state = $2, product_type = $3, price_micros = $4, price_currency = $5, price_usd_micros = $6, price_source = $7, reward_mail_id = $8, reward_note = $9
          WHERE id = $1`,
        [row.id, c.state, c.productType, c.priceMicros, c.currency, c.usdMicros, c.priceSource, c.rewardMailId, c.rewardNote],
      );
    }
    // Another process decided it meanwhile (a retry racing the first answer): its outcome stands.
    return updated ?? (await tx.one<Row>(`SELECT ${COLUMNS} FROM iap_verifications WHERE id = $1`, [row.id]))!;
  });
}

/**
 * A refused purchase is no revenue and no conversion (docs/metrics.md): the rollups leave out iap_purchase events
 * of refused transactions; this removes the transaction from iap_purchases, moves its players' first purchase
 * (CVR) and marks the days of its events for recomputation, so figures already rolled up lose it at the next
 * rollup. On a column store nothing is rolled up: every report reads the refused transactions from this database
 * as it runs (src/lib/analytics/store/scope.ts), so the refusal counts at once and there is nothing to undo.
 */
async function dropRevenue(tx: Sql, row: Row): Promise<void> {
  if (usesColumnStore()) return;
  await tx.query('DELETE FROM iap_purchases WHERE app_id = $1 AND transaction_id = $2', [row.app_id, row.transaction_id]);
  await restateFirstPurchase(tx, row.app_id, row.transaction_id);
  await tx.query(
    `INSERT INTO rollup_dirty (app_id, day)
       SELECT DISTINCT app_id, day FROM events WHERE app_id = $1 AND name = 'iap_purchase' AND params->>'transactionId' = $2 ORDER BY 1, 2
     ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`,
    [row.app_id, row.transaction_id],
  );
}

/**
 * The retry job: asks the stores again about pending purchases that are due. Each is claimed first by moving
 * its next attempt past the store timeout, so two processes never ask about the same purchase at once.
 */
export async function retryPending(db: Db): Promise<string> {
  const { storeTimeoutMs, retryBaseMs } = tunables().iap;
  const now = nowMs();
  const claimed = await db.query<Row>(
    `UPDATE iap_verifications SET next_attempt_at = $2::timestamptz
      WHERE id IN (SELECT id FROM iap_verifications WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
                    ORDER BY next_attempt_at LIMIT ${RETRY_BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [new Date(now).toISOString(), new Date(now + 2 * storeTimeoutMs + retryBaseMs).toISOString()],
  );
  const tally: Record<string, number> = {};
  for (const row of claimed) {
    const packageName = await packageOf(db, row.app_id, row.store).catch(() => null);
    if (!packageName) continue;
    const decided = await askStore(db, row, packageName);
    tally[decided.status] = (tally[decided.status] ?? 0) + 1;
  }
  if (!claimed.length) return 'no pending purchase was due';
  return `asked the stores about ${claimed.length} pending purchase(s): ${Object.entries(tally).map(([s, n]) => `${n} ${s}`).join(', ') || 'none decided'}`;
}
