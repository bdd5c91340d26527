import { importPKCS8, SignJWT } from 'jose';
import { tunables } from '../server/config';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import { APPLE_ROOT_CA_G3_SHA256, JwsRejected, verifyAppleJws } from './apple-jws';
import { isTransient, pending, refused, timedGet, verified, type StoreReply } from './outcome';
import { messageOf } from '../error-message';

/**
 * App Store: the App Store Server API's Get Transaction Info (GET /inApps/v1/transactions/{transactionId}) with an
 * ES256 bearer token made from the app's In-App Purchase key; the answer's signedTransactionInfo is verified
 * against the configured root certificate before anything in it is believed.
 */

export interface AppStoreKey {
  keyId: string;
  issuerId: string;
  privateKey: string;
}

async function bearer(key: AppStoreKey, bundleId: string): Promise<string> {
  const now = Math.floor(nowMs() / 1000);
  return new SignJWT({ bid: bundleId })
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId, typ: 'JWT' })
    .setIssuer(key.issuerId)
    .setAudience('appstoreconnect-v1')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(await importPKCS8(key.privateKey, 'ES256'));
}

/** Apple's revocationReason: 0 refunded for another reason, 1 refunded for an issue in the app. */
const REVOCATION: Record<number, string> = { 0: 'refunded', 1: 'refunded (an issue in the app)' };

export async function askAppStore(key: AppStoreKey, bundleId: string, claim: { productId: string; transactionId: string }): Promise<StoreReply> {
  const { appStoreApiBase, appStoreRootCert, storeTimeoutMs } = tunables().iap;
  const url = `${appStoreApiBase}/inApps/v1/transactions/${encodeURIComponent(claim.transactionId)}`;
  const logged = { method: 'GET', url, headers: { authorization: 'Bearer (ES256 App Store Server API token)' } };
  let token: string;
  try {
    token = await bearer(key, bundleId);
  } catch (error) {
    return { outcome: pending(`the app's App Store key cannot sign (${messageOf(error)}); fix it, the purchase is asked again`) };
  }
  const answer = await timedGet(url, { authorization: `Bearer ${token}`, accept: 'application/json' }, storeTimeoutMs);
  const body = (answer.body ?? {}) as Record<string, unknown>;
  const exchange = { request: logged, httpStatus: answer.status, response: answer.body, latencyMs: answer.latencyMs };
  const storeError = typeof body.errorMessage === 'string' ? `${body.errorMessage.replace(/\.$/, '')}${body.errorCode ? ` (${String(body.errorCode)})` : ''}` : undefined;
  if (answer.status === null) return { outcome: pending(`the App Store did not answer: ${answer.error}`), exchange };
  if (isTransient(answer.status)) return { outcome: pending(`the App Store answered ${answer.status}${storeError ? `: ${storeError}` : ''}; asking again later`), exchange };
  if (answer.status === 401 || answer.status === 403) return { outcome: pending(`the App Store refused the app's key (${answer.status}); fix it, the purchase is asked again`), exchange };
  if (answer.status !== 200) return { outcome: refused(`App Store: ${storeError ?? `answered ${answer.status}`}`), exchange };

  const signed = body.signedTransactionInfo;
  if (typeof signed !== 'string') return { outcome: refused('App Store: the answer holds no signedTransactionInfo'), exchange };
  let tx: Record<string, unknown>;
  try {
    tx = await verifyAppleJws(signed, appStoreRootCert ? { rootPem: appStoreRootCert } : { rootFingerprint256: APPLE_ROOT_CA_G3_SHA256 }, nowMs());
  } catch (error) {
    if (error instanceof JwsRejected) return { outcome: refused(`App Store: the signed transaction failed verification: ${error.message}`), exchange };
    throw error;
  }
  // The log keeps the decoded transaction rather than the opaque JWS.
  exchange.response = { signedTransactionInfo: '(verified JWS, decoded below)', transaction: tx };
  const storeData = {
    transactionId: tx.transactionId ?? null,
    originalTransactionId: tx.originalTransactionId ?? null,
    productId: tx.productId ?? null,
    bundleId: tx.bundleId ?? null,
    purchaseDate: tx.purchaseDate ?? null,
    type: tx.type ?? null,
    environment: tx.environment ?? null,
    revocationDate: tx.revocationDate ?? null,
    revocationReason: tx.revocationReason ?? null,
    // The price paid, in milliunits of currency (App Store Server API); the catalogue's price stands in when absent.
    price: tx.price ?? null,
    currency: tx.currency ?? null,
  };
  if (tx.bundleId !== bundleId) return { outcome: refused(`App Store: the transaction is of app ${String(tx.bundleId)}, not ${bundleId}`, storeData), exchange };
  if (String(tx.transactionId) !== claim.transactionId) return { outcome: refused(`App Store: the answer is about transaction ${String(tx.transactionId)}`, storeData), exchange };
  if (tx.productId !== claim.productId) return { outcome: refused(`App Store: the transaction is of product ${String(tx.productId)}, not ${claim.productId}`, storeData), exchange };
  if (tx.revocationDate) {
    const why = REVOCATION[Number(tx.revocationReason)] ?? 'revoked';
    return { outcome: refused(`App Store: the purchase was ${why} on ${formatDateTime(Number(tx.revocationDate))} UTC+7`, storeData), exchange };
  }
  return { outcome: verified(storeData), exchange };
}
