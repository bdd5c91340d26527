import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { configContracts } from '../../src/lib/config-data/contract';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { saveStoreKeyContract } from '../../src/lib/iap/contract';
import { scratchDatabase, startServer } from './own-server';
import { startAppStore, startGooglePlay } from './store-stand-ins';

export const ANDROID = (id: string) => `${id}.android`;
export const IOS = (id: string) => `${id}.ios`;

/**
 * A console server of its own whose store URLs and App Store root point at local stand-ins of Google Play and the
 * App Store (PGlite, or a scratch PostgreSQL database under TEST_DATABASE_URL), with one app on both platforms
 * whose store credentials are entered as staff enter them: the GA service account (sealed) and the App Store key.
 */
export async function startIapServer(o: { storeTimeoutMs: number; databaseName: string; appPrefix: string; appName: string }) {
  const google = await startGooglePlay();
  const apple = await startAppStore();
  const pg = process.env.TEST_DATABASE_URL;
  const server = await startServer({
    GOOGLE_PLAY_API_BASE: google.base,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    APP_STORE_API_BASE: apple.base,
    APP_STORE_ROOT_CERT: apple.pki.rootPem,
    IAP_RETRY_BASE_MS: '0',
    IAP_STORE_TIMEOUT_MS: String(o.storeTimeoutMs),
    SCHEDULER: 'off',
    DEMO_TELEMETRY: '0',
    ...(pg ? { DATABASE_URL: await scratchDatabase(pg, o.databaseName) } : {}),
  });
  const token = await server.signIn();
  const root: Requester = createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${token}` } });
  const appId = `${o.appPrefix}${Date.now().toString(36)}`;
  await root(createAppContract, { id: appId, name: `${o.appName} ${appId}`, os: [{ os: 1, packageId: ANDROID(appId) }, { os: 2, packageId: IOS(appId) }] });
  const { data } = await root(appDetailContract, { appId });
  const keys = { android: data.os.find((p) => p.os === 1)!.sdkAppKey, ios: data.os.find((p) => p.os === 2)!.sdkAppKey };
  await root(configContracts.ga_service_account.save, { scope: `app:${appId}`, data: { serviceAccountJson: JSON.stringify(google.serviceAccount), label: 'Play verifier' } });
  await root(saveStoreKeyContract, { appId, ...apple.apiKey });
  return {
    google, apple, server, root, token, appId, keys,
    async stop() {
      await server.stop();
      await google.stop();
      await apple.stop();
    },
  };
}
