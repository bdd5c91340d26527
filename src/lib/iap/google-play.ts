import { serviceAccountClient, type ServiceAccount } from '../google/service-account';
import { tunables } from '../server/config';
import { isTransient, pending, refused, timedGet, verified, type StoreReply } from './outcome';
import { messageOf } from '../error-message';

/**
 * Google Play: Android Publisher API purchases.products.get with the app's service account (its token from
 * src/lib/google/service-account.ts).
 */

export type { ServiceAccount };

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/** Google's ProductPurchase.purchaseState. */
const PURCHASE_STATES: Record<number, string> = { 0: 'purchased', 1: 'cancelled', 2: 'pending' };

export async function askGooglePlay(account: ServiceAccount, packageName: string, claim: { productId: string; transactionId: string; purchaseToken: string }): Promise<StoreReply> {
  const { googlePlayApiBase, googleTokenUrl, storeTimeoutMs } = tunables().iap;
  const url = `${googlePlayApiBase}/androidpublisher/v3/applications/${encodeURIComponent(packageName)}/purchases/products/${encodeURIComponent(claim.productId)}/tokens/${encodeURIComponent(claim.purchaseToken)}`;
  const logged = { method: 'GET', url, headers: { authorization: 'Bearer (service-account access token)' } };

  let accessToken: string;
  const signInStarted = performance.now();
  try {
    const deadline = new Promise<never>((_, fail) => {
      setTimeout(() => fail(new Error(`no answer within ${storeTimeoutMs} ms`)), storeTimeoutMs).unref();
    });
    const token = await Promise.race([serviceAccountClient(account, SCOPE).getAccessToken(), deadline]);
    if (!token.token) throw new Error('the token endpoint answered no access token');
    accessToken = token.token;
  } catch (error) {
    const why = messageOf(error);
    return {
      outcome: pending(`Google sign-in with the service account failed: ${why}`),
      exchange: { request: { method: 'POST', url: googleTokenUrl, headers: { 'content-type': 'application/x-www-form-urlencoded (JWT assertion left out)' } }, httpStatus: null, response: { error: why }, latencyMs: Math.round(performance.now() - signInStarted) },
    };
  }

  const answer = await timedGet(url, { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, storeTimeoutMs);
  const exchange = { request: logged, httpStatus: answer.status, response: answer.body, latencyMs: answer.latencyMs };
  const body = (answer.body ?? {}) as Record<string, unknown>;
  const storeError = (body.error as { message?: string; status?: string } | undefined)?.message?.replace(/\.$/, '');
  if (answer.status === null) return { outcome: pending(`Google Play did not answer: ${answer.error}`), exchange };
  if (isTransient(answer.status)) return { outcome: pending(`Google Play answered ${answer.status}${storeError ? `: ${storeError}` : ''}; asking again later`), exchange };
  if (answer.status === 401 || answer.status === 403) {
    return { outcome: pending(`Google Play refused the service account (${answer.status}${storeError ? `: ${storeError}` : ''}); fix its access, it is asked again`), exchange };
  }
  if (answer.status !== 200) return { outcome: refused(`Google Play: ${storeError ?? `answered ${answer.status}`} (${answer.status})`), exchange };

  const state = Number(body.purchaseState);
  const storeData = {
    orderId: body.orderId ?? null,
    purchaseState: PURCHASE_STATES[state] ?? String(body.purchaseState),
    purchaseTimeMillis: body.purchaseTimeMillis ?? null,
    acknowledgementState: body.acknowledgementState ?? null,
    consumptionState: body.consumptionState ?? null,
    purchaseType: body.purchaseType ?? null,
  };
  if (state === 1) return { outcome: refused('Google Play: the purchase was cancelled or refunded (purchaseState 1)', storeData), exchange };
  if (state === 2) return { outcome: pending('Google Play: the payment is still pending (purchaseState 2)', storeData), exchange };
  if (state !== 0) return { outcome: refused(`Google Play: unknown purchaseState ${String(body.purchaseState)}`, storeData), exchange };
  if (typeof body.orderId === 'string' && body.orderId !== claim.transactionId) {
    return { outcome: refused(`Google Play: the purchase token belongs to order ${body.orderId}, not ${claim.transactionId}`, storeData), exchange };
  }
  if (typeof body.productId === 'string' && body.productId !== claim.productId) {
    return { outcome: refused(`Google Play: the purchase is of product ${body.productId}, not ${claim.productId}`, storeData), exchange };
  }
  return { outcome: verified(storeData), exchange };
}
