import { OS_NAMES, type OsCode } from '../platform';
import { serverConfig } from '../server/config';
import type { Sql } from '../server/db';
import { HttpError, badRequest } from '../server/errors';
import { messageOf } from '../error-message';
import { createSdkClient, sdkErrorOf } from '../sdk-client/client';

/**
 * The test screens act as a game would: their events and player sessions go through this server's own SDK
 * endpoints over HTTP, with the app platform's real SDK key. The key stays on the server (the browser only
 * names the app and platform; staff without App Manager never see it), and the address called is this
 * process's own (serverConfig().selfUrl), never one a request could name.
 */

/** The SDK key of an app platform; 400 naming `os` when the app does not ship on it. */
export async function sdkKeyOf(db: Sql, appId: string, os: number): Promise<string> {
  const row = await db.one<{ sdk_app_key: string }>('SELECT sdk_app_key FROM app_os WHERE app_id = $1 AND os = $2', [appId, os]);
  if (!row) throw badRequest(`os: ${appId} has no ${OS_NAMES[os as OsCode] ?? os} platform, so no SDK key to send with.`);
  return row.sdk_app_key;
}

const FORWARD_TIMEOUT_MS = 15_000;

/** The generated SDK client (src/lib/sdk-client) as a game of this platform, calling this process's own address. */
const sdkClientFor = (key: string) =>
  createSdkClient({
    baseUrl: serverConfig().selfUrl,
    key,
    headers: { 'user-agent': 'gsm-console-test-screen' },
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) }),
  });

/** One SDK call's data; a refused call keeps its status and message, one that did not answer is a 502. */
async function forwarded<T>(call: () => Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  let answer: Awaited<ReturnType<typeof call>>;
  try {
    answer = await call();
  } catch (error) {
    throw new HttpError(502, `The SDK endpoint did not answer (${messageOf(error)}).`);
  }
  const { data, error, response } = answer;
  if (response.ok && data) return data.data;
  const refused = sdkErrorOf(response, error);
  throw new HttpError(response.status >= 500 ? 502 : response.status, refused.message);
}

/** Starts (or resumes) the device's SDK session through POST /api/sdk/v1/players/session. */
export const startSdkSession = (key: string, deviceId: string) => forwarded(() => sdkClientFor(key).POST('/api/sdk/v1/players/session', { body: { deviceId } }));

/** Sends one event through POST /api/sdk/v1/analytics/events; a refused event becomes a 400 with the ingestion's reason ("params.level: …"). */
export async function sendThroughSdk(db: Sql, appId: string, os: number, event: Record<string, unknown>): Promise<{ duplicate: boolean }> {
  const key = await sdkKeyOf(db, appId, os);
  // The point is to send any event, refused ones too: the typed body would only take valid ones.
  const answer = await forwarded(() => sdkClientFor(key).POST('/api/sdk/v1/analytics/events', { body: { events: [event as never] } }));
  const refused = answer.rejected[0];
  if (refused) throw badRequest(refused.reason);
  return { duplicate: answer.duplicates > 0 };
}
