import { addDays, daysOf, reportDay } from '../time/day';
import type { Actor, SessionAccount } from '../auth/types';
import { auditAs } from '../server/audit';
import { serverConfig, tunables } from '../server/config';
import { decryptSecret, encryptSecret, sha256, signToken, verifyToken } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { badRequest } from '../server/errors';
import { formatUsdMicros } from '../numbers';
import { nowMs } from '../time/clock';
import { formatDay } from '../time/format';
import { ADMOB_IMPORT_PATH } from '../routes';
import { ADMOB_SCOPE, type AdmobAccount, type AdmobPreview, type AdmobRow } from './admob-contract';
import { accessTokenOf, consentUrl, exchangeCode, listAccounts, listApps, networkReport, type AdmobApp } from './admob-google';
import { writeBatch, type RevenueFigure } from './batches';
import { closedMonthsBetween } from './closing';
import { financeApps } from './scope';

/**
 * AdMob in finance: connecting a publisher account (OAuth state bound to the session, the refresh token sealed
 * at rest per publisher account), previewing and importing its network report as ad revenue (source admob,
 * network AdMob), and the finance_refresh job's pull.
 *
 * Mapping to console apps: AdMob's apps.list names each AdMob app's linked store app (linkedAppInfo.appStoreId:
 * the Android package name, the App Store's numeric id). An AdMob app maps to the console app whose platform
 * has that package name (Android) or whose App Store URL / bundle field carries that id (iOS). The mapping is
 * read from AdMob on every pull, so nothing is kept in the console to go stale; an AdMob app without a match
 * (or outside the viewer's finance permission) is listed in the preview and never imported.
 */

const STATE_TTL_MS = 10 * 60_000;
/** The days the finance_refresh job pulls again (AdMob's estimates settle over a few days). */
export const ADMOB_REFRESH_DAYS = 7;

export const redirectUri = () => tunables().admob.redirectUri ?? `${serverConfig().selfUrl}${ADMOB_IMPORT_PATH}`;

interface AccountRow {
  publisher_id: string;
  refresh_token_sealed: string;
  connected_by: string;
  connected_at: string;
  last_pull_at: string | null;
  last_pull_message: string;
}

const publicAccount = (r: AccountRow): AdmobAccount => ({
  publisherId: r.publisher_id, connectedBy: r.connected_by, connectedAt: r.connected_at, lastPullAt: r.last_pull_at, lastPullMessage: r.last_pull_message,
});

async function accountRows(db: Sql): Promise<AccountRow[]> {
  return db.query<AccountRow>(
    `SELECT publisher_id, refresh_token_sealed, connected_by, to_char(connected_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'DD-MM-YYYY HH24:MI') AS connected_at,
            to_char(last_pull_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'DD-MM-YYYY HH24:MI') AS last_pull_at, last_pull_message
       FROM finance_admob_accounts ORDER BY publisher_id`,
  );
}

export async function admobAccounts(db: Sql): Promise<AdmobAccount[]> {
  return (await accountRows(db)).map(publicAccount);
}

/** The consent URL; its state names this session (hashed) and expires, so a code only lands where it was asked for. */
export async function googleUrl(db: Sql, viewer: SessionAccount): Promise<{ url: string; accounts: AdmobAccount[] }> {
  const state = signToken({ s: sha256(viewer.sessionId), e: nowMs() + STATE_TTL_MS }, serverConfig().sessionSecret);
  return { url: consentUrl(redirectUri(), state), accounts: await admobAccounts(db) };
}

export async function googleToken(db: Db, actor: Actor, input: { code: string; scope: string; state: string }): Promise<{ accounts: AdmobAccount[] }> {
  const state = verifyToken<{ s: string; e: number }>(input.state, serverConfig().sessionSecret);
  if (!state || state.s !== sha256(actor.account.sessionId)) throw badRequest('state: this authorization was not started from your session; connect AdMob again.');
  if (state.e < nowMs()) throw badRequest('state: the authorization is older than 10 minutes; connect AdMob again.');
  if (!input.scope.split(/[\s,]+/).includes(ADMOB_SCOPE)) throw badRequest(`scope: AdMob report access (${ADMOB_SCOPE}) was not granted.`);
  const tokens = await exchangeCode(redirectUri(), input.code);
  const accounts = await listAccounts(tokens.accessToken);
  if (!accounts.length) throw badRequest('code: this Google account has no AdMob publisher account.');
  const sealed = encryptSecret(tokens.refreshToken, serverConfig().secretKey);
  await db.transaction(async (tx) => {
    for (const a of accounts) {
      await tx.query(
        `INSERT INTO finance_admob_accounts (publisher_id, refresh_token_sealed, scope, connected_by, connected_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))
         ON CONFLICT (publisher_id) DO UPDATE SET refresh_token_sealed = EXCLUDED.refresh_token_sealed, scope = EXCLUDED.scope, connected_by = EXCLUDED.connected_by, connected_at = EXCLUDED.connected_at`,
        [a.publisherId, sealed, tokens.scope, actor.account.username, nowMs()],
      );
    }
    await auditAs(tx, actor, {
      action: 'finance_admob_connect', entity: 'finance_admob_account', entityId: accounts.map((a) => a.publisherId).join(','),
      after: { publisherIds: accounts.map((a) => a.publisherId), scope: tokens.scope },
    });
  });
  return { accounts: await admobAccounts(db) };
}

interface ConsoleTarget {
  appId: string;
  appName: string;
  os: number;
}

/** The console's app platforms keyed as AdMob names a linked store app ("1|com.pkg", "2|123456789"). */
async function consoleTargets(db: Sql): Promise<Map<string, ConsoleTarget>> {
  const rows = await db.query<{ app_id: string; name: string; os: number; package_id: string; store_url: string }>(
    `SELECT o.app_id, a.name, o.os, o.package_id, o.store_url FROM app_os o JOIN apps a ON a.id = o.app_id WHERE o.os IN (1, 2)`,
  );
  const map = new Map<string, ConsoleTarget>();
  for (const r of rows) {
    const target = { appId: r.app_id, appName: r.name, os: Number(r.os) };
    map.set(`${r.os}|${r.package_id.toLowerCase()}`, target);
    const appStoreId = Number(r.os) === 2 ? /\/id(\d+)/.exec(r.store_url)?.[1] : undefined;
    if (appStoreId) map.set(`2|${appStoreId}`, target);
  }
  return map;
}

const osOfPlatform = (platform: string) => (/^android$/i.test(platform) ? 1 : /^ios$/i.test(platform) ? 2 : 0);

interface Pulled {
  rows: AdmobRow[];
  unmapped: AdmobPreview['unmapped'];
  publisherIds: string[];
}

/** The network report of the range from every connected account (or one), mapped to the permitted console apps. */
async function pull(db: Sql, permitted: Set<string> | 'all', from: string, to: string, publisherId?: string): Promise<Pulled> {
  const accounts = (await accountRows(db)).filter((a) => !publisherId || a.publisher_id === publisherId);
  if (!accounts.length) throw badRequest(publisherId ? `publisherId: ${publisherId} is not connected; connect AdMob first.` : 'AdMob is not connected yet: connect a Google account first.');
  const targets = await consoleTargets(db);
  const rows: AdmobRow[] = [];
  const unmapped = new Map<string, Pulled['unmapped'][number]>();
  for (const account of accounts) {
    const token = await accessTokenOf(decryptSecret(account.refresh_token_sealed, serverConfig().secretKey));
    const apps = new Map<string, AdmobApp>((await listApps(token, account.publisher_id)).map((a) => [a.appId, a]));
    for (const r of await networkReport(token, account.publisher_id, from, to)) {
      const app = apps.get(r.admobAppId);
      const os = osOfPlatform(app?.platform ?? r.platform);
      const storeId = app?.storeId ?? '';
      const target = storeId ? targets.get(`${os}|${os === 1 ? storeId.toLowerCase() : storeId}`) : undefined;
      const allowed = target && (permitted === 'all' || permitted.has(target.appId));
      if (!target || !allowed) {
        const u = unmapped.get(r.admobAppId) ?? {
          admobAppId: r.admobAppId, admobAppName: r.admobAppName, platform: app?.platform ?? r.platform, storeId, earningsMicros: 0,
          reason: !storeId ? 'not linked to a store app in AdMob' : !target ? `no console app has ${os === 1 ? 'package' : 'App Store id'} ${storeId}` : `${target.appId} is not in your finance permission`,
        };
        u.earningsMicros += r.earningsMicros;
        unmapped.set(r.admobAppId, u);
        continue;
      }
      rows.push({ day: r.day, publisherId: account.publisher_id, admobAppId: r.admobAppId, admobAppName: r.admobAppName, appId: target.appId, appName: target.appName, os: target.os, earningsMicros: r.earningsMicros, impressions: r.impressions });
    }
  }
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.appId!.localeCompare(b.appId!) || a.os - b.os);
  return { rows, unmapped: [...unmapped.values()], publisherIds: accounts.map((a) => a.publisher_id) };
}

const permittedOf = async (db: Sql, viewer: SessionAccount) => new Set((await financeApps(db, viewer)).map((a) => a.id));

export async function previewAdmob(db: Sql, viewer: SessionAccount, input: { from: string; to: string; publisherId?: string }): Promise<AdmobPreview> {
  const pulled = await pull(db, await permittedOf(db, viewer), input.from, input.to, input.publisherId);
  return {
    from: input.from, to: input.to, rows: pulled.rows, unmapped: pulled.unmapped,
    totalMicros: pulled.rows.reduce((n, r) => n + r.earningsMicros, 0), impressions: pulled.rows.reduce((n, r) => n + r.impressions, 0),
  };
}

/** AdMob rows as finance revenue: earnings are what AdMob pays (net of its share), so gross = net. Per app-day-OS. */
function figures(rows: readonly AdmobRow[]): RevenueFigure[] {
  const byKey = new Map<string, RevenueFigure>();
  for (const r of rows) {
    const key = `${r.appId}|${r.day}|${r.os}`;
    const f = byKey.get(key) ?? { appId: r.appId!, day: r.day, os: r.os, kind: 'ads' as const, network: 'AdMob', currency: 'USD', gross: 0, net: 0, grossUsd: 0, netUsd: 0 };
    f.gross += r.earningsMicros;
    f.net += r.earningsMicros;
    f.grossUsd += r.earningsMicros;
    f.netUsd += r.earningsMicros;
    byKey.set(key, f);
  }
  return [...byKey.values()];
}

async function markPulled(tx: Sql, publisherIds: string[], message: string) {
  await tx.query(`UPDATE finance_admob_accounts SET last_pull_at = to_timestamp($2 / 1000.0), last_pull_message = $3 WHERE publisher_id IN (SELECT jsonb_array_elements_text($1::jsonb))`, [
    JSON.stringify(publisherIds), nowMs(), message,
  ]);
}

/**
 * Stores the range as one batch of source admob. It covers every day of the range for every permitted app
 * the report mapped, plus the apps that already hold admob rows in it: a re-import replaces its own rows (an
 * app-day AdMob now reports nothing for loses its old figure), never adds to them.
 */
export async function importAdmob(db: Db, actor: Actor, input: { from: string; to: string; publisherId?: string }) {
  const permitted = await permittedOf(db, actor.account);
  const pulled = await pull(db, permitted, input.from, input.to, input.publisherId);
  return db.transaction(async (tx) => {
    const held = await tx.query<{ app_id: string }>(
      `SELECT DISTINCT app_id FROM finance_revenue WHERE current AND source = 'admob' AND day BETWEEN $1::date AND $2::date`,
      [input.from, input.to],
    );
    const apps = new Set([...pulled.rows.map((r) => r.appId!), ...held.map((h) => h.app_id).filter((id) => permitted.has(id))]);
    if (!apps.size) throw badRequest(`from: no AdMob app of ${input.from}..${input.to} maps to an app of your finance permission; nothing was imported.`);
    const revenue = figures(pulled.rows);
    const total = revenue.reduce((n, f) => n + f.grossUsd, 0);
    const summary = `${formatDay(input.from)} – ${formatDay(input.to)}: ${revenue.length} app-day(s) of ${apps.size} app(s), ${formatUsdMicros(total)}${pulled.unmapped.length ? `; ${pulled.unmapped.length} AdMob app(s) not mapped` : ''}`;
    const result = await writeBatch(tx, {
      source: 'admob',
      fileName: `AdMob ${pulled.publisherIds.join(', ')}`,
      createdBy: actor.account.username,
      summary,
      covers: { unit: 'day', keys: [...apps].flatMap((appId) => daysOf(input.from, input.to).map((period) => ({ appId, period }))) },
      revenue,
    });
    await markPulled(tx, pulled.publisherIds, `imported by ${actor.account.username}: ${summary}`);
    await auditAs(tx, actor, {
      action: 'finance_import_admob', entity: 'finance_batch', entityId: result.batchId,
      after: { from: input.from, to: input.to, publisherIds: pulled.publisherIds, apps: [...apps], rows: revenue.length, replaced: result.replaced, dataVersion: result.dataVersion },
    });
    return { ...result, summary };
  });
}

/**
 * The finance_refresh job's AdMob part: the last days of every connected account, written only for the
 * app-days whose figures changed (a second run with nothing new writes nothing). Null when nothing is connected.
 */
export async function refreshAdmob(db: Db, now = nowMs()): Promise<string | null> {
  if (!(await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM finance_admob_accounts`))!.n) return null;
  const to = reportDay(now);
  const from = addDays(to, -(ADMOB_REFRESH_DAYS - 1));
  const pulled = await pull(db, 'all', from, to);
  return db.transaction(async (tx) => {
    const wanted = new Map<string, RevenueFigure[]>();
    for (const f of figures(pulled.rows)) wanted.set(`${f.appId}|${f.day}`, [...(wanted.get(`${f.appId}|${f.day}`) ?? []), f]);
    const have = new Map<string, string>();
    for (const r of await tx.query<{ app_id: string; day: string; lines: string }>(
      `SELECT app_id, day::text AS day, string_agg(os || '/' || gross, ';' ORDER BY os) AS lines FROM finance_revenue
        WHERE current AND source = 'admob' AND day BETWEEN $1::date AND $2::date GROUP BY app_id, day`,
      [from, to],
    )) have.set(`${r.app_id}|${r.day}`, r.lines);
    const line = (fs: RevenueFigure[]) => fs.sort((a, b) => a.os - b.os).map((f) => `${f.os}/${f.gross}`).join(';');
    const closed = await closedMonthsBetween(tx, from, to);
    // A closed month's figures never change: the refresh leaves its days as they were closed.
    const changed = [...new Set([...wanted.keys(), ...have.keys()])].filter((k) => line(wanted.get(k) ?? []) !== (have.get(k) ?? '') && !closed.has(k.split('|')[1]!.slice(0, 7)));
    let message = `AdMob ${formatDay(from)} – ${formatDay(to)}: no change`;
    if (changed.length) {
      const revenue = changed.flatMap((k) => wanted.get(k) ?? []);
      message = `AdMob ${formatDay(from)} – ${formatDay(to)}: ${changed.length} app-day(s) changed, ${formatUsdMicros(revenue.reduce((n, f) => n + f.grossUsd, 0))}`;
      await writeBatch(tx, {
        source: 'admob', fileName: `AdMob ${pulled.publisherIds.join(', ')}`, createdBy: 'finance_refresh', summary: message,
        covers: { unit: 'day', keys: changed.map((k) => ({ appId: k.split('|')[0]!, period: k.split('|')[1]! })) },
        revenue,
      });
    }
    await markPulled(tx, pulled.publisherIds, message);
    return message;
  });
}
