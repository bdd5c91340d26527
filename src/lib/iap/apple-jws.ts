import { X509Certificate } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';

/**
 * The App Store signs every transaction as a JWS whose header carries its certificate chain (x5c: leaf,
 * intermediate, root). It is trusted only when each certificate was issued and signed by the next, each is
 * valid at the time of checking, the chain ends in the configured root (Apple Root CA - G3 in production),
 * and the JWS verifies (ES256) with the leaf's key.
 */
export class JwsRejected extends Error {}

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
export async function verifyAppleJws(jws: string, rootPem: string, atMs: number): Promise<Record<string, unknown>> {
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
  const root = new X509Certificate(rootPem);
  const names = chain.map((_, i) => (i === 0 ? 'leaf' : i === chain.length - 1 ? 'last' : 'intermediate'));
  chain.forEach((cert, i) => validAt(cert, atMs, names[i]!));
  for (let i = 0; i < chain.length - 1; i++) {
    const issuer = chain[i + 1]!;
    if (!issuer.ca) throw new JwsRejected(`the ${names[i + 1]} certificate is not a certificate authority`);
    if (!chain[i]!.checkIssued(issuer) || !chain[i]!.verify(issuer.publicKey)) throw new JwsRejected(`the ${names[i]} certificate was not signed by the next in the chain`);
  }
  const last = chain[chain.length - 1]!;
  const endsInRoot = last.fingerprint256 === root.fingerprint256 || (last.checkIssued(root) && last.verify(root.publicKey));
  if (!endsInRoot) throw new JwsRejected('the certificate chain does not end in the trusted root');
  try {
    const { payload } = await compactVerify(jws, chain[0]!.publicKey, { algorithms: ['ES256'] });
    return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  } catch (error) {
    throw new JwsRejected(`the signature does not verify with the leaf certificate (${(error as Error).message})`);
  }
}

/** A JWS's payload read WITHOUT checking it: only to refuse a malformed claim early (never to trust it). */
export function peekJwsPayload(jws: string): Record<string, unknown> | null {
  const part = jws.split('.')[1];
  if (!part) return null;
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
