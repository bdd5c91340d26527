import type { SessionAccount } from '../auth/types';
import { IAP_STORES, type IapStore } from '../iap/contract';
import { verifyPurchase } from '../iap/verify';
import type { Db } from '../server/db';
import { HttpError } from '../server/errors';
import { sendTestEvent, type TestSend } from './service';

const STATUS_WORDS = { verified: 'Verified', refused: 'Refused by the store', pending: 'Pending (the store did not answer; retried by the job)', duplicate: 'Duplicate transaction' } as const;

/**
 * The test screen's purchase (type 3, /test/IAP), as a game sends one: the SDK's iap_purchase event through
 * the real ingestion path, then the receipt through the same verification service the SDK route uses (a
 * Google Play purchase token, or an App Store signed transaction). Its answer is shown as `verification`;
 * a claim the service refuses before asking the store (no package name, a malformed receipt) is shown as
 * "Not verified" with the reason, since the event itself was sent.
 */
export async function sendTestPurchase(db: Db, viewer: SessionAccount, input: TestSend & { receipt: string }) {
  const { receipt, ...event } = input;
  const store = String(event.params.store ?? '');
  const transactionId = String(event.params.transactionId ?? '');
  const sent = await sendTestEvent(db, viewer, 'iap_purchase', event);
  const answer = (verification: string) => ({ ...sent, transactionId, verification });
  if (!(IAP_STORES as readonly string[]).includes(store)) return answer(`Not verified: ${store || 'this store'} has no store verification (Google Play and App Store only).`);
  try {
    const verified = await verifyPurchase(db, {
      appId: event.appId,
      store: store as IapStore,
      productId: String(event.params.productId ?? ''),
      transactionId,
      ...(store === 'google_play' ? { purchaseToken: receipt } : { signedTransaction: receipt }),
      userId: event.userId,
      source: 'staff',
      requestedBy: viewer.username,
    });
    return answer(`${STATUS_WORDS[verified.status]}: ${verified.reason}`);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return answer(`Not verified: ${error.message}`);
    throw error;
  }
}
