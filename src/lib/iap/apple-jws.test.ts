import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestPki, signAsAppStore } from '../../../tests/support/store-stand-ins';
import { APPLE_ROOT_CA_G3_SHA256, JwsRejected, verifyAppleJws } from './apple-jws';

// One test PKI (leaf → intermediate → self-signed root, as Apple's x5c carries it) and a stranger's.
const pki = makeTestPki('Pin');
const other = makeTestPki('Other');
const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;
const tx = { transactionId: 't-1', productId: 'gem_pack' };

describe('the App Store JWS chain check', () => {
  it('trusts a chain ending in a root pinned by its fingerprint, with no root certificate configured', async () => {
    const jws = await signAsAppStore(pki, tx);
    await expect(verifyAppleJws(jws, { rootFingerprint256: fingerprint(pki.rootPem) }, Date.now())).resolves.toMatchObject(tx);
  });

  it("refuses a chain ending in any other root by default: Apple Root CA - G3's fingerprint is the pin", async () => {
    const jws = await signAsAppStore(pki, tx);
    await expect(verifyAppleJws(jws, { rootFingerprint256: APPLE_ROOT_CA_G3_SHA256 }, Date.now())).rejects.toThrow(JwsRejected);
    await expect(verifyAppleJws(jws, { rootFingerprint256: fingerprint(other.rootPem) }, Date.now())).rejects.toThrow('does not end in the trusted root');
  });

  it('refuses a chain that stops before its root when the root is pinned (the pin needs the root in the chain)', async () => {
    const short = { ...pki, x5c: pki.x5c.slice(0, 2) };
    const jws = await signAsAppStore(short, tx);
    await expect(verifyAppleJws(jws, { rootFingerprint256: fingerprint(pki.rootPem) }, Date.now())).rejects.toThrow('does not end in the trusted root');
    // With the root certificate configured, the same chain verifies: the intermediate is issued by it.
    await expect(verifyAppleJws(jws, { rootPem: pki.rootPem }, Date.now())).resolves.toMatchObject(tx);
  });

  it('refuses a configured root that did not issue the chain', async () => {
    const jws = await signAsAppStore(pki, tx);
    await expect(verifyAppleJws(jws, { rootPem: other.rootPem }, Date.now())).rejects.toThrow('does not end in the trusted root');
  });
});
