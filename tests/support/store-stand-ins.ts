import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactSign, importPKCS8, jwtVerify } from 'jose';
import { nowMs } from '../../src/lib/time/clock';

/**
 * Local stand-ins for the two stores (they read the console's clock: under a shifted test clock the real stores
 * would share the shifted "now", so their tokens' iat/exp and purchase times must agree with it), speaking the real paths and answer shapes, for the IAP verification
 * tests: Google's OAuth token endpoint plus the Android Publisher API's purchases.products.get, and the App
 * Store Server API's Get Transaction Info with transactions signed as the App Store signs them (ES256 JWS,
 * x5c chain leaf → intermediate → root). Each checks the console's credentials as the real one would.
 */

/** How a stand-in answers: normally, 503 (store overloaded), or by dropping the connection (unreachable). */
export type StoreMode = 'ok' | 'unavailable' | 'drop';

function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>, mode: () => StoreMode): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const now = mode();
      if (now === 'drop') return void req.socket.destroy();
      if (now === 'unavailable') return void send(res, 503, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
      Promise.resolve(handler(req, res, body)).catch((error) => send(res, 500, { error: String(error) }));
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------- Google Play

export interface PlayPurchase {
  packageName: string;
  productId: string;
  orderId: string;
  /** 0 purchased, 1 cancelled, 2 pending */
  purchaseState: 0 | 1 | 2;
}

export async function startGooglePlay() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: 'gsm-test',
    private_key_id: randomUUID().replace(/-/g, ''),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `iap-verifier-${randomUUID().slice(0, 8)}@gsm-test.iam.gserviceaccount.com`,
    client_id: '1234567890',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  const purchases = new Map<string, PlayPurchase>();
  const issued = new Set<string>();
  let mode: StoreMode = 'ok';
  const calls = { token: 0, purchases: 0 };
  const { server, base } = await listen(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/token') {
      calls.token++;
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return send(res, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: serviceAccount.client_email, audience: 'https://oauth2.googleapis.com/token' });
        if (!String(payload.scope).includes('androidpublisher')) return send(res, 400, { error: 'invalid_scope' });
      } catch (error) {
        return send(res, 400, { error: 'invalid_grant', error_description: `Invalid JWT Signature. (${(error as Error).message})` });
      }
      const token = `ya29.test-${randomUUID()}`;
      issued.add(token);
      return send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const m = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      calls.purchases++;
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!issued.has(bearer)) return send(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
      const [packageName, productId, token] = m.slice(1).map(decodeURIComponent) as [string, string, string];
      const purchase = purchases.get(token);
      if (!purchase || purchase.packageName !== packageName || purchase.productId !== productId) {
        return send(res, 400, { error: { code: 400, message: 'Invalid Value', status: 'INVALID_ARGUMENT', errors: [{ message: 'Invalid Value', domain: 'global', reason: 'invalid' }] } });
      }
      // The ProductPurchase resource as the API answers it.
      return send(res, 200, {
        kind: 'androidpublisher#productPurchase', purchaseTimeMillis: String(nowMs() - 60_000), purchaseState: purchase.purchaseState, consumptionState: 0,
        developerPayload: '', orderId: purchase.orderId, purchaseType: 0, acknowledgementState: 1, productId: purchase.productId, regionCode: 'VN',
      });
    }
    send(res, 404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
  }, () => mode);
  return {
    base,
    tokenUrl: `${base}/token`,
    serviceAccount,
    purchases,
    calls,
    setMode: (m: StoreMode) => void (mode = m),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// ---------------------------------------------------------------- App Store

/** A test PKI like Apple's: an EC P-256 root, an intermediate CA and a signing leaf (made with openssl). */
export function makeTestPki(name = 'Test') {
  const dir = mkdtempSync(join(tmpdir(), 'gsm-iap-pki-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const key = (file: string) => run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file);
  writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(join(dir, 'leaf.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  key('root.key');
  run('req', '-x509', '-new', '-key', 'root.key', '-subj', `/CN=${name} Root CA - G3/O=Test`, '-days', '3650', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', 'root.pem');
  key('int.key');
  run('req', '-new', '-key', 'int.key', '-subj', `/CN=${name} Worldwide Developer Relations CA - G6/O=Test`, '-out', 'int.csr');
  run('x509', '-req', '-in', 'int.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-days', '3000', '-extfile', 'ca.ext', '-out', 'int.pem');
  key('leaf.key');
  run('req', '-new', '-key', 'leaf.key', '-subj', `/CN=${name} Prod ECC Mac App Store and iTunes Store Receipt Signing/O=Test`, '-out', 'leaf.csr');
  run('x509', '-req', '-in', 'leaf.csr', '-CA', 'int.pem', '-CAkey', 'int.key', '-CAcreateserial', '-days', '2000', '-extfile', 'leaf.ext', '-out', 'leaf.pem');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const der = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
  const pki = { rootPem: read('root.pem'), x5c: [der(read('leaf.pem')), der(read('int.pem')), der(read('root.pem'))], leafKey: read('leaf.key') };
  rmSync(dir, { recursive: true, force: true });
  return pki;
}

export interface AppStoreTransaction {
  transactionId: string;
  originalTransactionId?: string;
  bundleId: string;
  productId: string;
  revocationDate?: number;
  revocationReason?: 0 | 1;
}

/** Signs a payload as the App Store does: ES256, x5c in the header. */
export async function signAsAppStore(pki: ReturnType<typeof makeTestPki>, payload: object): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', x5c: pki.x5c })
    .sign(await importPKCS8(pki.leafKey, 'ES256'));
}

export async function startAppStore(pki = makeTestPki()) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const apiKey = { keyId: 'TESTKEY123', issuerId: randomUUID(), privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  const transactions = new Map<string, AppStoreTransaction>();
  let mode: StoreMode = 'ok';
  /** Signs answers with another PKI (a forged chain) when set. */
  let signer = pki;
  const calls = { transactions: 0 };
  const { server, base } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/inApps\/v1\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return send(res, 404, { errorCode: 4040000, errorMessage: 'Not found.' });
    calls.transactions++;
    let bundleId: string;
    try {
      const { payload, protectedHeader } = await jwtVerify((req.headers.authorization ?? '').replace(/^Bearer /, ''), publicKey, { issuer: apiKey.issuerId, audience: 'appstoreconnect-v1', algorithms: ['ES256'], currentDate: new Date(nowMs()) });
      if (protectedHeader.kid !== apiKey.keyId) throw new Error('unknown key id');
      bundleId = String(payload.bid);
    } catch {
      // The real API answers 401 with an empty body.
      res.writeHead(401).end();
      return;
    }
    const tx = transactions.get(decodeURIComponent(m[1]!));
    if (!tx || tx.bundleId !== bundleId) return send(res, 404, { errorCode: 4040010, errorMessage: 'Transaction id not found.' });
    const now = nowMs();
    const signed = await signAsAppStore(signer, {
      transactionId: tx.transactionId, originalTransactionId: tx.originalTransactionId ?? tx.transactionId, bundleId: tx.bundleId, productId: tx.productId,
      purchaseDate: now - 60_000, originalPurchaseDate: now - 60_000, quantity: 1, type: 'Consumable', inAppOwnershipType: 'PURCHASED', signedDate: now,
      environment: 'Sandbox', transactionReason: 'PURCHASE', storefront: 'VNM', storefrontId: '143471', price: 990, currency: 'USD',
      ...(tx.revocationDate ? { revocationDate: tx.revocationDate, revocationReason: tx.revocationReason ?? 0 } : {}),
    });
    send(res, 200, { signedTransactionInfo: signed });
  }, () => mode);
  return {
    base,
    pki,
    apiKey,
    transactions,
    calls,
    setMode: (m: StoreMode) => void (mode = m),
    signWith: (other: ReturnType<typeof makeTestPki>) => void (signer = other),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
