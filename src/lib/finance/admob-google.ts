import { OAuth2Client } from 'google-auth-library';
import { tunables } from '../server/config';
import { badRequest, HttpError } from '../server/errors';
import { ADMOB_SCOPE } from './admob-contract';
import { messageOf } from '../error-message';

/**
 * Google's side of AdMob: the OAuth client (google-auth-library, endpoints from the config module so tests
 * talk to a local stand-in) and the three AdMob API v1 calls the console makes: accounts.list,
 * accounts.apps.list (for the mapping to console apps) and accounts.networkReport.generate.
 */

const TIMEOUT_MS = 15_000;
// Not set up is the server's state, not a fault: 409 (the permission walk and the fuzz hold every answer below 500).

function settings() {
  const s = tunables().admob;
  if (!s.clientId || !s.clientSecret) throw new HttpError(409, 'AdMob is not set up: ADMOB_CLIENT_ID and ADMOB_CLIENT_SECRET are missing in the server configuration.');
  return s;
}

export function oauthClient(redirectUri: string): OAuth2Client {
  const s = settings();
  return new OAuth2Client({ clientId: s.clientId!, clientSecret: s.clientSecret!, redirectUri, endpoints: { oauth2AuthBaseUrl: s.authUrl, oauth2TokenUrl: s.tokenUrl } });
}

export function consentUrl(redirectUri: string, state: string): string {
  // offline + consent: Google returns a refresh token, also when this Google account connected before.
  return oauthClient(redirectUri).generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: [ADMOB_SCOPE], state, include_granted_scopes: false });
}

/** Google's error of a token request, for a message naming what went wrong ("invalid_grant: Bad Request"). */
function googleError(error: unknown): string {
  const e = error as { response?: { data?: { error?: string; error_description?: string } }; message?: string };
  const data = e.response?.data;
  return data?.error ? `${data.error}${data.error_description ? `: ${data.error_description}` : ''}` : (e.message ?? String(error));
}

export async function exchangeCode(redirectUri: string, code: string): Promise<{ refreshToken: string; accessToken: string; scope: string }> {
  let tokens;
  try {
    ({ tokens } = await oauthClient(redirectUri).getToken(code));
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status && status >= 400 && status < 500) throw badRequest(`code: Google refused the authorization code (${googleError(error)}); connect AdMob again.`);
    throw new HttpError(502, `Google's token endpoint failed (${googleError(error)}); try again.`);
  }
  if (!tokens.refresh_token || !tokens.access_token) throw badRequest('code: Google answered no refresh token; connect AdMob again and allow offline access.');
  const scope = tokens.scope ?? '';
  if (!scope.split(/\s+/).includes(ADMOB_SCOPE)) throw badRequest(`scope: AdMob report access (${ADMOB_SCOPE}) was not granted.`);
  return { refreshToken: tokens.refresh_token, accessToken: tokens.access_token, scope };
}

export async function accessTokenOf(refreshToken: string): Promise<string> {
  const client = oauthClient('');
  client.setCredentials({ refresh_token: refreshToken });
  try {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('no access token');
    return token;
  } catch (error) {
    throw new HttpError(502, `Google refused the stored AdMob authorization (${googleError(error)}); connect AdMob again.`);
  }
}

async function admobCall<T>(accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const url = `${tunables().admob.apiBase}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new HttpError(502, `The AdMob API did not answer (${messageOf(error)}); try again.`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* kept null: reported below */
  }
  if (!response.ok) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message ?? text.slice(0, 200);
    throw new HttpError(502, `The AdMob API answered ${response.status}: ${message}`);
  }
  if (json === null) throw new HttpError(502, 'The AdMob API answered something that is not JSON.');
  return json as T;
}

export interface AdmobApiAccount {
  publisherId: string;
  currencyCode: string;
}

export async function listAccounts(accessToken: string): Promise<AdmobApiAccount[]> {
  const answer = await admobCall<{ account?: { publisherId?: string; currencyCode?: string }[] }>(accessToken, 'GET', '/v1/accounts');
  return (answer.account ?? []).filter((a) => a.publisherId).map((a) => ({ publisherId: a.publisherId!, currencyCode: a.currencyCode ?? 'USD' }));
}

export interface AdmobApp {
  appId: string;
  platform: string;
  name: string;
  /** The store's id of the linked app: the Android package name, the App Store's numeric id. */
  storeId: string;
}

export async function listApps(accessToken: string, publisherId: string): Promise<AdmobApp[]> {
  const apps: AdmobApp[] = [];
  let pageToken = '';
  for (let page = 0; page < 50; page++) {
    const answer = await admobCall<{ apps?: { appId: string; platform: string; manualAppInfo?: { displayName?: string }; linkedAppInfo?: { appStoreId?: string; displayName?: string } }[]; nextPageToken?: string }>(
      accessToken, 'GET', `/v1/accounts/${encodeURIComponent(publisherId)}/apps?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
    );
    for (const a of answer.apps ?? []) {
      apps.push({ appId: a.appId, platform: a.platform, name: a.linkedAppInfo?.displayName ?? a.manualAppInfo?.displayName ?? a.appId, storeId: a.linkedAppInfo?.appStoreId ?? '' });
    }
    if (!answer.nextPageToken) break;
    pageToken = answer.nextPageToken;
  }
  return apps;
}

export interface NetworkRow {
  day: string;
  admobAppId: string;
  admobAppName: string;
  platform: string;
  earningsMicros: number;
  impressions: number;
}

const dateOf = (d: string) => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)), day: Number(d.slice(8, 10)) });

/** accounts.networkReport.generate: per day × app × platform, earnings in USD micros and impressions. */
export async function networkReport(accessToken: string, publisherId: string, from: string, to: string): Promise<NetworkRow[]> {
  const spec = {
    reportSpec: {
      dateRange: { startDate: dateOf(from), endDate: dateOf(to) },
      dimensions: ['DATE', 'APP', 'PLATFORM'],
      metrics: ['ESTIMATED_EARNINGS', 'IMPRESSIONS'],
      dimensionFilters: [],
      sortConditions: [{ dimension: 'DATE', order: 'ASCENDING' }],
      localizationSettings: { currencyCode: 'USD', languageCode: 'en-US' },
    },
  };
  // The answer is a streamed JSON array: one header, the rows, one footer.
  const answer = await admobCall<unknown>(accessToken, 'POST', `/v1/accounts/${encodeURIComponent(publisherId)}/networkReport:generate`, spec);
  if (!Array.isArray(answer)) throw new HttpError(502, 'The AdMob network report is not the expected JSON array.');
  const rows: NetworkRow[] = [];
  for (const part of answer as { header?: { localizationSettings?: { currencyCode?: string } }; row?: { dimensionValues?: Record<string, { value?: string; displayLabel?: string }>; metricValues?: Record<string, { microsValue?: string; integerValue?: string }> } }[]) {
    const currency = part.header?.localizationSettings?.currencyCode;
    if (currency && currency !== 'USD') throw new HttpError(502, `The AdMob network report came in ${currency}, not the USD asked for.`);
    if (!part.row) continue;
    const d = part.row.dimensionValues ?? {};
    const m = part.row.metricValues ?? {};
    const date = d.DATE?.value ?? '';
    if (!/^\d{8}$/.test(date) || !d.APP?.value) continue;
    rows.push({
      day: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
      admobAppId: d.APP.value,
      admobAppName: d.APP.displayLabel ?? d.APP.value,
      platform: d.PLATFORM?.value ?? '',
      earningsMicros: Number(m.ESTIMATED_EARNINGS?.microsValue ?? 0),
      impressions: Number(m.IMPRESSIONS?.integerValue ?? 0),
    });
  }
  return rows;
}
