import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for Google's side of AdMob, speaking the real request and answer shapes: the OAuth token
 * endpoint (authorization_code and refresh_token grants, application/x-www-form-urlencoded, Google's
 * `{ error, error_description }` on a bad grant) and the AdMob API v1 calls the console makes —
 * accounts.list, accounts.apps.list and accounts.networkReport.generate (a JSON array of one header, the
 * rows and one footer; money in micros). Each call checks the console's client credentials or bearer token.
 */

export const ADMOB_SCOPE = 'https://www.googleapis.com/auth/admob.readonly';

export interface StandInApp {
  appId: string;
  platform: 'ANDROID' | 'IOS';
  displayName: string;
  /** linkedAppInfo.appStoreId: the package name (Android) or the numeric App Store id (iOS); '' = not linked. */
  appStoreId: string;
}

export interface StandInRow {
  day: string;
  appId: string;
  earningsMicros: number;
  impressions: number;
}

export async function startAdmobStandIn(options: { publisherId?: string } = {}) {
  const client = { id: `${randomUUID()}.apps.googleusercontent.com`, secret: `GOCSPX-${randomUUID()}` };
  const publisherId = options.publisherId ?? `pub-${Math.floor(1e15 + Math.random() * 8e15)}`;
  const codes = new Map<string, { redirectUri: string; scope: string; used: boolean; expired: boolean }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const apps: StandInApp[] = [];
  const rows: StandInRow[] = [];
  const calls: { path: string; body: string }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const grantError = (res: ServerResponse, error: string, description: string) => send(res, 400, { error, error_description: description });
  const apiError = (res: ServerResponse, status: number, message: string, state: string) => send(res, status, { error: { code: status, message, status: state } });

  function token(req: IncomingMessage, res: ServerResponse, body: string) {
    const form = new URLSearchParams(body);
    const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':') : [];
    const id = form.get('client_id') ?? basic[0];
    const secret = form.get('client_secret') ?? basic[1];
    if (id !== client.id || secret !== client.secret) return send(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const issue = (refresh?: string) => {
      const access = `ya29.${randomUUID()}`;
      accessTokens.add(access);
      return { access_token: access, expires_in: 3599, token_type: 'Bearer', scope: ADMOB_SCOPE, ...(refresh ? { refresh_token: refresh } : {}) };
    };
    if (form.get('grant_type') === 'authorization_code') {
      const grant = codes.get(form.get('code') ?? '');
      if (!grant || grant.used) return grantError(res, 'invalid_grant', 'Malformed auth code.');
      if (grant.expired) return grantError(res, 'invalid_grant', 'Bad Request');
      if (grant.redirectUri !== form.get('redirect_uri')) return grantError(res, 'redirect_uri_mismatch', 'Bad Request');
      grant.used = true;
      const refresh = `1//${randomUUID()}`;
      refreshTokens.add(refresh);
      return send(res, 200, { ...issue(refresh), scope: grant.scope });
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) return grantError(res, 'invalid_grant', 'Token has been expired or revoked.');
      return send(res, 200, issue());
    }
    return grantError(res, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type')}`);
  }

  const inRange = (day: string, spec: { startDate: { year: number; month: number; day: number }; endDate: { year: number; month: number; day: number } }) => {
    const d = (x: { year: number; month: number; day: number }) => `${x.year}-${String(x.month).padStart(2, '0')}-${String(x.day).padStart(2, '0')}`;
    return day >= d(spec.startDate) && day <= d(spec.endDate);
  };

  function api(req: IncomingMessage, res: ServerResponse, body: string) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) return apiError(res, 401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/v1/accounts') {
      return send(res, 200, { account: [{ name: `accounts/${publisherId}`, publisherId, reportingTimeZone: 'America/Los_Angeles', currencyCode: 'USD' }] });
    }
    const match = /^\/v1\/accounts\/([^/]+)\/(apps|networkReport:generate)$/.exec(decodeURIComponent(url.pathname));
    if (!match || match[1] !== publisherId) return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
    if (match[2] === 'apps' && req.method === 'GET') {
      return send(res, 200, {
        apps: apps.map((a) => ({
          name: `accounts/${publisherId}/apps/${a.appId.split('~')[1]}`, appId: a.appId, platform: a.platform,
          ...(a.appStoreId ? { linkedAppInfo: { appStoreId: a.appStoreId, displayName: a.displayName } } : { manualAppInfo: { displayName: a.displayName } }),
        })),
      });
    }
    if (match[2] === 'networkReport:generate' && req.method === 'POST') {
      const spec = (JSON.parse(body) as { reportSpec?: { dateRange?: Parameters<typeof inRange>[1]; dimensions?: string[]; metrics?: string[]; localizationSettings?: { currencyCode?: string } } }).reportSpec;
      if (!spec?.dateRange || !spec.dimensions?.includes('DATE') || !spec.dimensions.includes('APP') || !spec.metrics?.includes('ESTIMATED_EARNINGS')) {
        return apiError(res, 400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
      }
      const found = rows.filter((r) => inRange(r.day, spec.dateRange!));
      return send(res, 200, [
        { header: { dateRange: spec.dateRange, localizationSettings: { currencyCode: spec.localizationSettings?.currencyCode ?? 'USD', languageCode: 'en-US' } } },
        ...found.map((r) => {
          const app = apps.find((a) => a.appId === r.appId);
          return {
            row: {
              dimensionValues: { DATE: { value: r.day.replace(/-/g, '') }, APP: { value: r.appId, displayLabel: app?.displayName ?? r.appId }, PLATFORM: { value: app?.platform === 'IOS' ? 'iOS' : 'Android' } },
              metricValues: { ESTIMATED_EARNINGS: { microsValue: String(r.earningsMicros) }, IMPRESSIONS: { integerValue: String(r.impressions) } },
            },
          };
        }),
        { footer: { matchingRowCount: String(found.length) } },
      ]);
    }
    return apiError(res, 404, 'Requested entity was not found.', 'NOT_FOUND');
  }

  function issueCode(redirectUri: string, scope = ADMOB_SCOPE) {
    const code = `4/0A${randomUUID().replace(/-/g, '')}`;
    codes.set(code, { redirectUri, scope, used: false, expired: false });
    return code;
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body });
      try {
        if (req.method === 'POST' && req.url === '/token') return token(req, res, body);
        // The consent page when the user allows at once: back to the redirect URI with code, scope and state.
        if (req.method === 'GET' && req.url?.startsWith('/o/oauth2/v2/auth')) {
          const ask = new URL(req.url, 'http://x').searchParams;
          if (ask.get('client_id') !== client.id) return send(res, 400, { error: 'invalid_client' });
          const back = new URL(ask.get('redirect_uri') ?? '');
          back.searchParams.set('code', issueCode(back.toString().split('?')[0]!, ask.get('scope') ?? ''));
          back.searchParams.set('scope', ask.get('scope') ?? '');
          back.searchParams.set('state', ask.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return void res.end();
        }
        return api(req, res, body);
      } catch (error) {
        send(res, 500, { error: String(error) });
      }
    });
  });
  const base = await new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
  return {
    base,
    tokenUrl: `${base}/token`,
    authUrl: `${base}/o/oauth2/v2/auth`,
    client,
    publisherId,
    apps,
    rows,
    calls,
    refreshTokens,
    /** What Google's consent page does when the user allows: a fresh code for the redirect URI. */
    issueCode,
    expireCode(code: string) {
      codes.get(code)!.expired = true;
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
