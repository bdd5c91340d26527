import { describe, expect, it } from 'vitest';
import { PLAYER_ACCESS_TTL_SECONDS, readPlayerToken, signPlayerToken } from './tokens';

// A token issued in the device's first session generation reads back with epoch 0 (the claim is left out).
const claims = { appId: 'com.gsm.test', playerId: 'p-1', deviceId: 'd-1', epoch: 0 };
const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('player tokens', () => {
  it('reads its own claims, again from the verified cache, until the token expires', async () => {
    const token = await signPlayerToken(claims, secret);
    const now = Date.now();
    expect(await readPlayerToken(token, secret, now)).toEqual(claims);
    expect(await readPlayerToken(token, secret, now + 1000)).toEqual(claims);
    const later = now + (PLAYER_ACCESS_TTL_SECONDS + 2) * 1000;
    await expect(readPlayerToken(token, secret, later)).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/expired/) });
  });

  it('carries the session generation it was issued in', async () => {
    const token = await signPlayerToken({ ...claims, epoch: 3 }, secret);
    expect(await readPlayerToken(token, secret)).toEqual({ ...claims, epoch: 3 });
  });

  it('refuses a verified token under another secret, and a token whose signature was changed', async () => {
    const token = await signPlayerToken(claims, secret);
    expect(await readPlayerToken(token, secret)).toEqual(claims);
    await expect(readPlayerToken(token, `${secret}-rotated`)).rejects.toMatchObject({ status: 401, message: 'Invalid player token.' });
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await expect(readPlayerToken(forged, secret)).rejects.toMatchObject({ status: 401, message: 'Invalid player token.' });
  });
});
