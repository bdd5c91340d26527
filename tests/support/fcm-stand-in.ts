import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';

/**
 * A local stand-in for Firebase Cloud Messaging HTTP v1 and Google's OAuth token endpoint, speaking their real
 * request and error shapes: `POST /token` (a service account's JWT-bearer grant, scope firebase.messaging) and
 * `POST /v1/projects/{id}/messages:send` answering `{ name: "projects/{id}/messages/{id}" }`, or FCM's errors:
 * 404 UNREGISTERED, 400 INVALID_ARGUMENT naming message.token, 429 QUOTA_EXCEEDED with Retry-After, 500
 * INTERNAL and 503 UNAVAILABLE. Failures are injected per token (`dead`, `invalid`) or as the next N answers
 * (`failNext`).
 */

export interface SentMessage {
  projectId: string;
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
  at: number;
}

type Injected = { status: 429 | 500 | 503; retryAfter?: string };

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function fcmError(res: ServerResponse, status: number, grpc: string, errorCode: string | null, message: string, extra: object[] = [], headers: Record<string, string> = {}) {
  send(res, status, { error: { code: status, message, status: grpc, details: [...(errorCode ? [{ '@type': FCM_ERROR, errorCode }] : []), ...extra] } }, headers);
}

export async function startFcm(projectId = 'gsm-push-test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomUUID().replace(/-/g, ''),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `firebase-adminsdk-${randomUUID().slice(0, 5)}@${projectId}.iam.gserviceaccount.com`,
    client_id: '1234567890',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  const issued = new Set<string>();
  const sent: SentMessage[] = [];
  /** Tokens FCM no longer knows (app uninstalled): 404 UNREGISTERED. */
  const dead = new Set<string>();
  /** Tokens that are not FCM tokens at all: 400 INVALID_ARGUMENT on message.token. */
  const invalid = new Set<string>();
  const queue: Injected[] = [];
  const calls = { token: 0, send: 0, failed: 0 };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (req.method === 'POST' && url.pathname === '/token') {
          calls.token++;
          const form = new URLSearchParams(raw);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return send(res, 400, { error: 'unsupported_grant_type' });
          try {
            const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: serviceAccount.client_email, audience: 'https://oauth2.googleapis.com/token' });
            if (!String(payload.scope).includes('firebase.messaging')) return send(res, 400, { error: 'invalid_scope' });
          } catch (error) {
            return send(res, 400, { error: 'invalid_grant', error_description: `Invalid JWT Signature. (${(error as Error).message})` });
          }
          const token = `ya29.fcm-${randomUUID()}`;
          issued.add(token);
          return send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        }
        const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
        if (req.method !== 'POST' || !m) return fcmError(res, 404, 'NOT_FOUND', null, 'Requested entity was not found.');
        calls.send++;
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!issued.has(bearer)) return fcmError(res, 401, 'UNAUTHENTICATED', null, 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
        if (decodeURIComponent(m[1]!) !== projectId) return fcmError(res, 403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH', 'SenderId mismatch');
        const injected = queue.shift();
        if (injected) {
          calls.failed++;
          if (injected.status === 429) return fcmError(res, 429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded for quota metric.', [], injected.retryAfter ? { 'retry-after': injected.retryAfter } : {});
          if (injected.status === 500) return fcmError(res, 500, 'INTERNAL', 'INTERNAL', 'Internal error encountered.');
          return fcmError(res, 503, 'UNAVAILABLE', 'UNAVAILABLE', 'The service is currently unavailable.');
        }
        let message: { token?: string; notification?: { title?: string; body?: string }; data?: Record<string, unknown> };
        try {
          message = (JSON.parse(raw) as { message: typeof message }).message;
        } catch {
          return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
        }
        if (!message?.token) return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Recipient of the message is not set.');
        if (message.data && Object.values(message.data).some((v) => typeof v !== 'string')) {
          return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid value at \'message.data\': map values must be strings');
        }
        if (Buffer.byteLength(JSON.stringify({ notification: message.notification, data: message.data })) > 4096) {
          return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Android message is too big');
        }
        if (invalid.has(message.token)) {
          return fcmError(res, 400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', [
            { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.token', description: 'The registration token is not a valid FCM registration token' }] },
          ]);
        }
        if (dead.has(message.token)) return fcmError(res, 404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.');
        sent.push({ projectId, token: message.token, title: message.notification?.title ?? '', body: message.notification?.body ?? '', data: (message.data ?? {}) as Record<string, string>, at: Date.now() });
        return send(res, 200, { name: `projects/${projectId}/messages/0:${Date.now()}%${randomUUID().slice(0, 8)}` });
      })().catch((error) => send(res, 500, { error: String(error) }));
    });
  });
  const base = await new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
  return {
    base,
    tokenUrl: `${base}/token`,
    projectId,
    serviceAccount,
    sent,
    dead,
    invalid,
    calls,
    /** The next answers fail so: 429 (with Retry-After seconds), 500 or 503. */
    failNext: (n: number, failure: Injected) => void queue.push(...Array.from({ length: n }, () => failure)),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
