import { expect } from 'vitest';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { raw, signedInAs, uniqueName } from './helpers';

/** An app of the calling test with both platforms and the items coin and gem, and SDK players on it. */
export interface GameApp {
  id: string;
  android: string;
  ios: string;
}

export async function newGameApp(prefix: string): Promise<GameApp> {
  const root = await signedInAs('root');
  const id = `com.${prefix}.${uniqueName('app').replace(/-/g, '')}`;
  await root(createAppContract, { id, name: `${prefix} ${id}`, os: [{ os: 1, packageId: `${id}.android` }, { os: 2, packageId: `${id}.ios` }] });
  const { data } = await root(appDetailContract, { appId: id });
  await root(gameItemSaveContract, { appId: id, itemId: 'coin', name: 'Coins', kind: 'currency', maxAmount: 100_000 });
  await root(gameItemSaveContract, { appId: id, itemId: 'gem', name: 'Gems', kind: 'currency', maxAmount: 500 });
  return { id, android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}

export interface Player {
  playerId: string;
  deviceId: string;
  key: string;
  token: string;
}

export async function newPlayer(key: string): Promise<Player> {
  const deviceId = `dev-${uniqueName('d')}`;
  const answer = await raw('POST', '/api/sdk/v1/players/session', { body: JSON.stringify({ deviceId }), headers: { 'x-sdk-key': key } });
  expect(answer.status, answer.text).toBe(200);
  const data = answer.json.data as { playerId: string; accessToken: string };
  return { playerId: data.playerId, deviceId, key, token: data.accessToken };
}

/** A game's call as the player (X-SDK-Key + X-Player-Token). */
export const asPlayer = (p: Player, method: string, path: string, body?: unknown) =>
  raw(method, path, { body: body === undefined ? undefined : JSON.stringify(body), headers: { 'x-sdk-key': p.key, 'x-player-token': p.token } });
