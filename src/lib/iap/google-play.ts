import { JWT } from 'google-auth-library';
import { tunables } from '../server/config';
import { isTransient, pending, refused, timedGet, verified, type StoreReply } from './outcome';

/**
 * Google Play: Android Publisher API purchases.products.get with the app's service account. google-auth-library
 * signs the service account's JWT and trades it at the token endpoint (GOOGLE_OAUTH_TOKEN_URL: the library
 * names Google's own URL, so a request interceptor points it at the configured one).
 */

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** One client per service-account key: the library caches its access token until it nears expiry. */
const clients = new Map<string, JWT>();

function clientFor(account: ServiceAccount): JWT {
  const cacheKey = `${account.client_email}|${account.private_key_id ?? ''}|${account.private_key.length}`;
  let client = clients.get(cacheKey);
  if (client) return client;
  client = new JWT({ email: account.client_email, key: account.private_key, keyId: account.private_key_id, scopes: [SCOPE] });
  const tokenUrl = tunables().iap.googleTokenUrl;
  if (tokenUrl !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  if (clients.size > 200) clients.clear();
  clients.set(cacheKey, client);
  return client;
}

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
    const token = await Promise.race([clientFor(account).getAccessToken(), deadline]);
    if (!token.token) throw new Error('the token endpoint answered no access token');
    accessToken = token.token;
  } catch (error) {
    const why = (error as Error).message;
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
