import { JWT } from 'google-auth-library';
import { tunables } from '../server/config';

/**
 * FCM HTTP v1: `POST {base}/v1/projects/{id}/messages:send` with an OAuth bearer from the app's service account.
 * google-auth-library signs the account's JWT and trades it at the token endpoint; like the Google Play client
 * (src/lib/iap/google-play.ts) a request interceptor points the library's fixed Google URL at the configured one,
 * and one client per key caches its access token until it nears expiry.
 */

export interface FcmAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const clients = new Map<string, JWT>();

function clientFor(account: FcmAccount): JWT {
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

export async function accessToken(account: FcmAccount): Promise<string> {
  const token = await clientFor(account).getAccessToken();
  if (!token.token) throw new Error('the token endpoint answered no access token');
  return token.token;
}

export interface FcmMessage {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/**
 * What became of one message: sent (FCM's message name), retry (429, 5xx, no answer; after `retryAfterMs`
 * when FCM named one), prune (the token is dead: UNREGISTERED, or INVALID_ARGUMENT about the token), or
 * failed for another reason FCM gave (a wrong project, a refused sender).
 */
export type FcmOutcome =
  | { kind: 'sent'; name: string }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'prune'; reason: string }
  | { kind: 'failed'; reason: string };

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[] };
}

function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export async function sendMessage(projectId: string, bearer: string, message: FcmMessage): Promise<FcmOutcome> {
  const { fcmApiBase, timeoutMs } = tunables().push;
  const url = `${fcmApiBase}/v1/projects/${encodeURIComponent(projectId)}/messages:send`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: { token: message.token, notification: { title: message.title, body: message.body }, data: message.data } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', reason: (error as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'UNAVAILABLE', retryAfterMs: null };
  }
  const body = (await response.json().catch(() => ({}))) as FcmErrorBody & { name?: string };
  if (response.ok && typeof body.name === 'string') return { kind: 'sent', name: body.name };
  const fcmCode = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? body.error?.status ?? `HTTP_${response.status}`;
  if (response.status === 429 || response.status >= 500) return { kind: 'retry', reason: fcmCode, retryAfterMs: retryAfter(response.headers.get('retry-after')) };
  if (fcmCode === 'UNREGISTERED' || response.status === 404) return { kind: 'prune', reason: 'UNREGISTERED' };
  const aboutToken = body.error?.details?.some((d) => d.fieldViolations?.some((f) => f.field === 'message.token')) || /token/i.test(body.error?.message ?? '');
  if (fcmCode === 'INVALID_ARGUMENT' && aboutToken) return { kind: 'prune', reason: 'INVALID_TOKEN' };
  return { kind: 'failed', reason: fcmCode };
}
