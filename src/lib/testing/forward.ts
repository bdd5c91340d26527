import type { IngestAnswer } from '../analytics/contract';
import { OS_NAMES, type OsCode } from '../platform';
import { serverConfig } from '../server/config';
import type { Sql } from '../server/db';
import { HttpError, badRequest } from '../server/errors';
import { messageOf } from '../error-message';

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

/** One SDK call over HTTP; answers its status and JSON body. A refused call keeps its status and message. */
export async function callSdk<T>(path: string, key: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${serverConfig().selfUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sdk-key': key, 'user-agent': 'gsm-console-test-screen' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new HttpError(502, `The SDK endpoint did not answer (${messageOf(error)}).`);
  }
  const json = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!response.ok) throw new HttpError(response.status >= 500 ? 502 : response.status, json.message ?? `The SDK endpoint answered ${response.status}.`);
  return json.data as T;
}

/** Sends one event through POST /api/sdk/v1/analytics/events; a refused event becomes a 400 with the ingestion's reason ("params.level: …"). */
export async function sendThroughSdk(db: Sql, appId: string, os: number, event: Record<string, unknown>): Promise<{ duplicate: boolean }> {
  const key = await sdkKeyOf(db, appId, os);
  const answer = await callSdk<IngestAnswer>('/api/sdk/v1/analytics/events', key, { events: [event] });
  const refused = answer.rejected[0];
  if (refused) throw badRequest(refused.reason);
  return { duplicate: answer.duplicates > 0 };
}
