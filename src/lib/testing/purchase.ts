import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { sendTestEvent, type TestSend } from './service';

/**
 * The one place the test screen's purchase goes (type 3, /test/IAP). For now it is sent as the SDK's
 * iap_purchase event through the real ingestion path; the receipt is checked for presence and size only and
 * not stored (the event has no receipt field). When IAP verification (src/lib/iap/, issue 14 item 5) is
 * merged, this function sends the receipt to the verification service instead, and its answer becomes
 * `verification`; the screen and the contract stay as they are.
 */
export async function sendTestPurchase(db: Sql, viewer: SessionAccount, input: TestSend & { receipt: string }) {
  const { receipt: _receipt, ...event } = input;
  const sent = await sendTestEvent(db, viewer, 'iap_purchase', event);
  return {
    ...sent,
    transactionId: String(event.params.transactionId ?? ''),
    verification: 'Not verified: sent as an SDK iap_purchase event (store verification is not connected to the test screen yet).',
  };
}
