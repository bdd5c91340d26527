import { X509Certificate } from 'node:crypto';
import { tooDeepAt } from '../json-depth';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { messageOf } from '../error-message';

/**
 * The App Store signs every transaction as a JWS whose header carries its certificate chain (x5c: leaf,
 * intermediate, root). It is trusted only when each certificate was issued and signed by the next, each is
 * valid at the time of checking, the chain ends in the trusted root (Apple Root CA - G3 unless configured),
 * and the JWS verifies (ES256) with the leaf's key.
 */
export class JwsRejected extends Error {}

/**
 * What the chain must end in: the operator's root certificate (PEM), or by default a root pinned by its SHA-256
 * fingerprint — Apple Root CA - G3's, which Apple's x5c chains carry as their last certificate (the figure
 * Apple publishes at apple.com/certificateauthority), so purchases verify without any setting.
 */
export type AppleTrust = { rootPem: string } | { rootFingerprint256: string };
export const APPLE_ROOT_CA_G3_SHA256 = '63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79';

function endsInTrust(last: X509Certificate, trust: AppleTrust): boolean {
  if ('rootPem' in trust) {
    const root = new X509Certificate(trust.rootPem);
    return last.fingerprint256 === root.fingerprint256 || (last.checkIssued(root) && last.verify(root.publicKey));
  }
  // A pinned root must be in the chain itself, self-signed, with exactly that fingerprint.
  return last.fingerprint256 === trust.rootFingerprint256.toUpperCase() && last.checkIssued(last) && last.verify(last.publicKey);
}

function certificate(base64: unknown, index: number): X509Certificate {
  if (typeof base64 !== 'string') throw new JwsRejected(`x5c[${index}] is not a certificate`);
  try {
    return new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    throw new JwsRejected(`x5c[${index}] is not a readable certificate`);
  }
}

function validAt(cert: X509Certificate, atMs: number, name: string): void {
  if (atMs < Date.parse(cert.validFrom) || atMs > Date.parse(cert.validTo)) throw new JwsRejected(`the ${name} certificate is not valid at ${new Date(atMs).toISOString()}`);
}

/** The verified payload of an App Store JWS, or JwsRejected saying why not. */
export async function verifyAppleJws(jws: string, trust: AppleTrust, atMs: number): Promise<Record<string, unknown>> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    throw new JwsRejected('not a readable JWS');
  }
  if (header.alg !== 'ES256') throw new JwsRejected(`alg must be ES256 (got ${String(header.alg)})`);
  const x5c = header.x5c;
  if (!Array.isArray(x5c) || x5c.length < 2 || x5c.length > 4) throw new JwsRejected('the header has no certificate chain (x5c)');
  const chain = x5c.map(certificate);
  const names = chain.map((_, i) => (i === 0 ? 'leaf' : i === chain.length - 1 ? 'last' : 'intermediate'));
  chain.forEach((cert, i) => validAt(cert, atMs, names[i]!));
  for (let i = 0; i < chain.length - 1; i++) {
    const issuer = chain[i + 1]!;
    if (!issuer.ca) throw new JwsRejected(`the ${names[i + 1]} certificate is not a certificate authority`);
    if (!chain[i]!.checkIssued(issuer) || !chain[i]!.verify(issuer.publicKey)) throw new JwsRejected(`the ${names[i]} certificate was not signed by the next in the chain`);
  }
  const last = chain[chain.length - 1]!;
  if (!endsInTrust(last, trust)) throw new JwsRejected('the certificate chain does not end in the trusted root');
  try {
    const { payload } = await compactVerify(jws, chain[0]!.publicKey, { algorithms: ['ES256'] });
    return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  } catch (error) {
    throw new JwsRejected(`the signature does not verify with the leaf certificate (${messageOf(error)})`);
  }
}

/** A JWS's payload read WITHOUT checking it: only to refuse a malformed claim early (never to trust it); null when unreadable or nested deeper than JSON_MAX_DEPTH. */
export function peekJwsPayload(jws: string): Record<string, unknown> | null {
  const part = jws.split('.')[1];
  if (!part) return null;
  const text = Buffer.from(part, 'base64url').toString('utf8');
  // Unchecked text from the game: deeper than the request limit it would overflow the stack of String() later.
  if (tooDeepAt(text) >= 0) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
