import { serviceAccountClient, type ServiceAccount } from '../google/service-account';
import { tunables } from '../server/config';

/**
 * FCM HTTP v1: `POST {base}/v1/projects/{id}/messages:send` with an OAuth bearer from the app's service account.
 * The token comes from the service-account client shared with Google Play (src/lib/google/service-account.ts).
 */

export type FcmAccount = ServiceAccount;

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

export async function accessToken(account: FcmAccount): Promise<string> {
  const token = await serviceAccountClient(account, SCOPE).getAccessToken();
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
