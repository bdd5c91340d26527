import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { gameItemSaveContract } from '../../src/lib/rewards/contract';
import { createSdkClient, ok, type SdkClient, type SdkPaths } from '../../src/lib/sdk-client/client';
import { baseUrl, raw, signedInAs, uniqueName } from './helpers';

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
  const data = await ok(createSdkClient({ baseUrl, key }).POST('/api/sdk/v1/players/session', { body: { deviceId } }));
  return { playerId: data.playerId, deviceId, key, token: data.accessToken };
}

/** The generated SDK client (src/lib/sdk-client) as the player: the API the games see is the API tested. */
export const sdkOf = (p: Player): SdkClient => createSdkClient({ baseUrl, key: p.key, token: p.token });

/** An analytics event as the generated client types it (POST /api/sdk/v1/analytics/events). */
export type SdkEvent = NonNullable<SdkPaths['/api/sdk/v1/analytics/events']['post']['requestBody']>['content']['application/json']['events'][number];

/** The generated client with this SDK key (null: a call without X-SDK-Key, as a game that forgot it) and token. */
export const sdkAs = (key: string | null, token?: string, base = baseUrl): SdkClient =>
  createSdkClient({ baseUrl: base, key: key ?? '', token, fetch: key === null ? withoutKey : undefined });

/**
 * An analytics batch sent as a game sends it, through the generated client: to the ingest path, or with
 * `legacy` to the first SDK's `POST /api/sdk/v1/events` (a deprecated alias); `base`: another server's origin.
 */
export async function ingest(key: string | null, events: unknown[], options: { legacy?: boolean; base?: string } = {}): Promise<IngestAnswer> {
  const client = sdkAs(key, undefined, options.base);
  if (!options.legacy) return answerOf(client.POST('/api/sdk/v1/analytics/events', { body: { events } }));
  // The document gives the alias's answer no schema of its own (bytes); it is the ingest path's JSON.
  return (await answerOf(client.POST('/api/sdk/v1/events', { body: { events } }))) as unknown as IngestAnswer;
}
type IngestAnswer = Awaited<ReturnType<typeof answerOf<SdkPaths['/api/sdk/v1/analytics/events']['post']['responses'][200]['content']['application/json'], unknown>>>;

const withoutKey: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  request.headers.delete('x-sdk-key');
  return fetch(request);
};

/** An openapi-fetch answer in the shape the suites assert on (status, headers, the JSON body: `{ data }` or the error model). */
export async function answerOf<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>) {
  const { data, error, response } = await call;
  const body = data ?? error;
  return { status: response.status, headers: response.headers, text: body === undefined ? '' : JSON.stringify(body), json: body as { message?: string; data?: unknown; error?: { code: string; message: string; field?: string; retryAfter?: number } } & D };
}

/** A game's call as the player (X-SDK-Key + X-Player-Token). */
export const asPlayer = (p: Player, method: string, path: string, body?: unknown) =>
  raw(method, path, { body: body === undefined ? undefined : JSON.stringify(body), headers: { 'x-sdk-key': p.key, 'x-player-token': p.token } });
