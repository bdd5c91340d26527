import type { z } from 'zod';
import type { Actor, SessionAccount } from '../auth/types';
import { mayViewApp, seesAllApps } from '../apps/service';
import { MESSAGES } from '../http/messages';
import { deliverMail } from '../mail/deliver';
import type { PlayerClaims } from '../players/tokens';
import { checkRewards, type Reward } from '../rewards/items';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import type { campaignCreateContract, campaignListContract, CampaignRow, RedeemResult, usedLogsContract, usedLogsExportContract } from './contract';
import { normaliseCode, RESULT_LABELS } from './contract';
import { randomCodes } from './generate';
import { countHits } from '../sdk-limits/rate-window';
import type { SdkErrorCode } from '../server/sdk-errors';
import { DAY_MS, daysMs } from '../time/day';

type CreateInput = z.output<(typeof campaignCreateContract)['request']>;
type ListInput = z.output<(typeof campaignListContract)['request']>;
type LogInput = z.output<(typeof usedLogsContract)['request']>;
type LogExportInput = Omit<z.output<(typeof usedLogsExportContract)['request']>, 'format'>;

/** Failed tries (wrong, malformed or foreign codes) a player or a device may make per window before 429. */
export const FAILURES_MAX = 10;
/** Failed tries from one address to one app per window: players behind one carrier NAT share an address. */
export const ADDRESS_FAILURES_MAX = 50;
export const FAILURE_WINDOW_MINUTES = 10;
/** Codes inserted per statement when generating. */
const INSERT_BATCH = 20_000;

interface DbCampaign {
  id: number | string;
  app_id: string;
  name: string;
  kind: 'generated' | 'keyword';
  prefix: string;
  code_count: number;
  rewards: Reward[];
  starts_at: Date | string;
  expires_at: Date | string;
  total_limit: number | null;
  per_player_limit: number;
  os: number[];
  countries: string[];
  redeemed: number;
  active: boolean;
  created_by: string;
  created_at: Date | string;
  keyword: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toRow(c: DbCampaign): CampaignRow {
  const now = nowMs();
  const cap = c.total_limit ?? (c.kind === 'generated' ? c.code_count : null);
  const status = !c.active ? 'deactivated' : new Date(c.expires_at).getTime() <= now ? 'expired' : cap !== null && c.redeemed >= cap ? 'used up' : new Date(c.starts_at).getTime() > now ? 'scheduled' : 'running';
  return {
    id: Number(c.id),
    appId: c.app_id,
    name: c.name,
    kind: c.kind,
    code: c.kind === 'keyword' ? (c.keyword ?? '') : c.prefix,
    codeCount: c.code_count,
    rewards: c.rewards,
    startsAt: iso(c.starts_at),
    expiresAt: iso(c.expires_at),
    totalLimit: c.total_limit,
    perPlayerLimit: c.per_player_limit,
    os: c.os,
    countries: c.countries,
    redeemed: c.redeemed,
    wrongGuesses: null,
    active: c.active,
    status,
    createdBy: c.created_by,
    createdAt: iso(c.created_at),
  };
}

// `redeemed` is the campaign row's counter only where a total limit needs it as the guard; otherwise the
// redemptions are counted from the log (redeemCode leaves the row alone so redemptions do not queue on it).
const CAMPAIGN_COLUMNS = `c.*, CASE WHEN c.kind = 'keyword' THEN (SELECT g.code FROM gift_codes g WHERE g.campaign_id = c.id LIMIT 1) END AS keyword,
  CASE WHEN c.total_limit IS NULL THEN (SELECT count(*)::int FROM gift_code_log l WHERE l.campaign_id = c.id AND l.result = 'ok') ELSE c.redeemed END AS redeemed`;

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);

function visibleCondition(account: SessionAccount, params: unknown[], column: string): string {
  if (seesAllApps(account)) return 'true';
  params.push(JSON.stringify(account.listApp));
  return `${column} IN (SELECT jsonb_array_elements_text($${params.length}::jsonb))`;
}

export async function listCampaigns(db: Sql, account: SessionAccount, input: ListInput): Promise<{ data: CampaignRow[]; totalRecord: number }> {
  if (input.appId && !mayViewApp(account, input.appId)) throw forbidden();
  const params: unknown[] = [input.appId ?? null, input.textSearch ? `%${input.textSearch.toLowerCase()}%` : null];
  const where = `($1::text IS NULL OR c.app_id = $1) AND ${visibleCondition(account, params, 'c.app_id')}
    AND ($2::text IS NULL OR lower(c.name) LIKE $2 OR lower(c.prefix) LIKE $2 OR EXISTS (SELECT 1 FROM gift_codes g WHERE g.campaign_id = c.id AND c.kind = 'keyword' AND lower(g.code) LIKE $2))`;
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM gift_campaigns c WHERE ${where}`, params);
  const rows = await db.query<DbCampaign>(`SELECT ${CAMPAIGN_COLUMNS} FROM gift_campaigns c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`, params);
  return { data: await withGuessRates(db, rows.map(toRow)), totalRecord: total?.n ?? 0 };
}

/** The attempts that count as guessing: a code that is no code of the app (or of another app), or one refused for too many. */
const WRONG_RESULTS: RedeemResult[] = ['invalid', 'wrong_app', 'rate_limited'];

/**
 * Each keyword campaign's guessing rate: the wrong codes tried in its app in the last hour and 24 hours. A wrong
 * guess names no campaign (it matched none), so the rate is the app's, shown on each of its keyword campaigns.
 * One grouped read over the log's index of wrong attempts (migration 0226) for the page's apps.
 */
async function withGuessRates(db: Sql, rows: CampaignRow[]): Promise<CampaignRow[]> {
  const apps = [...new Set(rows.filter((r) => r.kind === 'keyword').map((r) => r.appId))];
  if (apps.length === 0) return rows;
  const now = nowMs();
  const counts = await db.query<{ app_id: string; hour: number; day: number }>(
    `SELECT app_id, count(*) FILTER (WHERE at > $3)::int AS hour, count(*)::int AS day FROM gift_code_log
      WHERE app_id = ANY($1::text[]) AND result = ANY($2::text[]) AND at > $4 GROUP BY app_id`,
    [apps, WRONG_RESULTS, new Date(now - 3_600_000).toISOString(), new Date(now - DAY_MS).toISOString()],
  );
  const byApp = new Map(counts.map((c) => [c.app_id, { lastHour: Number(c.hour), lastDay: Number(c.day) }]));
  return rows.map((r) => (r.kind === 'keyword' ? { ...r, wrongGuesses: byApp.get(r.appId) ?? { lastHour: 0, lastDay: 0 } } : r));
}

async function campaignById(db: Sql, id: number): Promise<DbCampaign | undefined> {
  return db.one<DbCampaign>(`SELECT ${CAMPAIGN_COLUMNS} FROM gift_campaigns c WHERE c.id = $1`, [id]);
}

/** Inserts codes in batches; a code that already exists (any campaign) is drawn again until all are new. */
async function insertGeneratedCodes(tx: Sql, campaignId: number, count: number, prefix: string): Promise<void> {
  let left = count;
  while (left > 0) {
    const batch = randomCodes(Math.min(left, INSERT_BATCH), prefix);
    const inserted = await tx.query<{ n: number }>(
      `WITH ins AS (INSERT INTO gift_codes (code, campaign_id, max_uses) SELECT x, $1, 1 FROM jsonb_array_elements_text($2::jsonb) x ON CONFLICT (code) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM ins`,
      [campaignId, JSON.stringify(batch)],
    );
    left -= inserted[0]?.n ?? 0;
  }
}

export async function createCampaign(db: Db, actor: Actor, input: CreateInput): Promise<CampaignRow> {
  if (!mayViewApp(actor.account, input.appId)) throw forbidden();
  const now = nowMs();
  const startsAt = input.startsAt ?? new Date(now).toISOString();
  if (Date.parse(input.expiresAt) <= now) throw badRequest('expiresAt: must be in the future');
  if (Date.parse(input.expiresAt) <= Date.parse(startsAt)) throw badRequest('expiresAt: must be after the start');
  try {
    return await db.transaction(async (tx) => {
      if (!(await tx.one('SELECT 1 FROM apps WHERE id = $1', [input.appId]))) throw notFound(`App ${input.appId} was not found.`);
      await checkRewards(tx, input.appId, input.rewards, 'rewards');
      const generated = input.kind === 'generated';
      const row = await tx.one<{ id: number | string }>(
        `INSERT INTO gift_campaigns (app_id, name, kind, prefix, code_count, rewards, starts_at, expires_at, total_limit, per_player_limit, os, countries, created_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13) RETURNING id`,
        [input.appId, input.name, input.kind, generated ? input.code : '', generated ? input.count! : 1, JSON.stringify(input.rewards), startsAt, input.expiresAt, input.totalLimit ?? null, input.perPlayerLimit, JSON.stringify(input.os), JSON.stringify([...new Set(input.countries)]), actor.account.username],
      );
      const id = Number(row!.id);
      if (generated) await insertGeneratedCodes(tx, id, input.count!, input.code);
      else await tx.query('INSERT INTO gift_codes (code, campaign_id, max_uses) VALUES ($1, $2, NULL)', [input.code, id]);
      const created = toRow((await campaignById(tx, id))!);
      await auditAs(tx, actor, { action: 'gift_campaign_create', entity: 'gift_campaign', entityId: id, after: created });
      return created;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(`code: the keyword ${input.code} is already a gift code; choose another.`);
    throw error;
  }
}

export async function setCampaignActive(db: Db, actor: Actor, id: number, active: boolean): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM gift_campaigns WHERE id = $1 FOR UPDATE', [id]);
    const before = await campaignById(tx, id);
    if (!before) throw notFound(`Gift code campaign ${id} was not found.`);
    if (!mayViewApp(actor.account, before.app_id)) throw forbidden();
    await tx.query('UPDATE gift_campaigns SET active = $2, updated_at = now() WHERE id = $1', [id, active]);
    const after = toRow((await campaignById(tx, id))!);
    await auditAs(tx, actor, { action: active ? 'gift_campaign_activate' : 'gift_campaign_deactivate', entity: 'gift_campaign', entityId: id, before: toRow(before), after });
    return after;
  });
}

type CodeUse = { code: string; uses: number };

/**
 * A campaign's codes for someone who may see its app: every code (the CSV export) or the first 200 (the
 * codes dialog). Either way the reading is audited (who took which codes, when) under `read.action`.
 */
async function auditedCodes(db: Db, actor: Actor, id: number, read: { action: 'gift_code_export' | 'gift_code_view'; limit?: number }): Promise<{ campaign: CampaignRow; codes: CodeUse[] }> {
  return db.transaction(async (tx) => {
    const c = await campaignById(tx, id);
    if (!c) throw notFound(`Gift code campaign ${id} was not found.`);
    if (!mayViewApp(actor.account, c.app_id)) throw forbidden();
    const limit = read.limit === undefined ? '' : ` LIMIT ${read.limit}`;
    const codes = await tx.query<CodeUse>(`SELECT code, uses FROM gift_codes WHERE campaign_id = $1 ORDER BY code${limit}`, [id]);
    await auditAs(tx, actor, { action: read.action, entity: 'gift_campaign', entityId: id, after: { codes: codes.length } });
    return { campaign: toRow(c), codes };
  });
}

/** The campaign's codes for the CSV export. */
export function exportCodes(db: Db, actor: Actor, id: number): Promise<{ campaign: CampaignRow; codes: CodeUse[] }> {
  return auditedCodes(db, actor, id, { action: 'gift_code_export' });
}

/** The first 200 codes of a campaign, for the codes dialog; looking is audited as an export is. */
export async function firstCodes(db: Db, actor: Actor, id: number): Promise<CodeUse[]> {
  return (await auditedCodes(db, actor, id, { action: 'gift_code_view', limit: 200 })).codes;
}

// ---------------------------------------------------------------- used logs

interface DbLog {
  id: number | string;
  at: Date | string;
  app_id: string;
  player_id: string;
  device_id: string;
  code: string;
  campaign: string | null;
  result: RedeemResult;
  mail_id: number | string | null;
}

function logWhere(account: SessionAccount, input: { appId?: string; result?: RedeemResult; textSearch?: string }, params: unknown[]): string {
  if (input.appId && !mayViewApp(account, input.appId)) throw forbidden();
  params.push(input.appId ?? null, input.result ?? null, input.textSearch ? `%${input.textSearch.toLowerCase()}%` : null);
  return `($1::text IS NULL OR l.app_id = $1) AND ($2::text IS NULL OR l.result = $2) AND ${visibleCondition(account, params, 'l.app_id')}
    AND ($3::text IS NULL OR lower(l.code) LIKE $3 OR lower(l.player_id) LIKE $3 OR lower(c.name) LIKE $3)`;
}

const toLog = (r: DbLog) => ({ id: Number(r.id), at: iso(r.at), appId: r.app_id, playerId: r.player_id, deviceId: r.device_id, code: r.code, campaign: r.campaign ?? '', result: r.result, mailId: r.mail_id === null ? null : Number(r.mail_id) });

const LOG_SELECT = `SELECT l.*, c.name AS campaign FROM gift_code_log l LEFT JOIN gift_campaigns c ON c.id = l.campaign_id`;

export async function listUsedLogs(db: Sql, account: SessionAccount, input: LogInput) {
  const params: unknown[] = [];
  const where = logWhere(account, input, params);
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM gift_code_log l LEFT JOIN gift_campaigns c ON c.id = l.campaign_id WHERE ${where}`, params);
  const rows = await db.query<DbLog>(`${LOG_SELECT} WHERE ${where} ORDER BY l.at DESC, l.id DESC LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`, params);
  return { data: rows.map(toLog), totalRecord: total?.n ?? 0 };
}

export const USED_LOG_EXPORT_MAX = 100_000;

export async function allUsedLogs(db: Sql, account: SessionAccount, input: LogExportInput) {
  const params: unknown[] = [];
  const where = logWhere(account, input, params);
  const rows = await db.query<DbLog>(`${LOG_SELECT} WHERE ${where} ORDER BY l.at DESC, l.id DESC LIMIT ${USED_LOG_EXPORT_MAX}`, params);
  return rows.map(toLog).map((r) => ({ ...r, resultLabel: RESULT_LABELS[r.result] }));
}

// ---------------------------------------------------------------- redeem (SDK)

/** What the game hears for each refusal. A wrong, malformed or foreign code all read the same. */
const REFUSALS: Record<Exclude<RedeemResult, 'ok'>, [number, string, SdkErrorCode]> = {
  invalid: [404, 'This gift code is not valid.', 'GIFT_CODE_INVALID'],
  wrong_app: [404, 'This gift code is not valid.', 'GIFT_CODE_INVALID'],
  not_started: [409, 'This gift code cannot be used yet.', 'GIFT_CODE_NOT_STARTED'],
  expired: [410, 'This gift code has expired.', 'GIFT_CODE_EXPIRED'],
  inactive: [410, 'This gift code is no longer active.', 'GIFT_CODE_DEACTIVATED'],
  used_up: [409, 'This gift code has been used up.', 'GIFT_CODE_USED_UP'],
  limit_reached: [409, 'You have already redeemed this gift code.', 'GIFT_CODE_ALREADY_REDEEMED'],
  restricted: [403, 'This gift code is not available on this device or in this country.', 'FORBIDDEN'],
  rate_limited: [429, `Too many wrong gift codes: try again in ${FAILURE_WINDOW_MINUTES} minutes.`, 'RATE_LIMITED'],
};

/** The answer of a refusal: its status, text and catalogue code (429 with when to try again). */
function refusal(result: Exclude<RedeemResult, 'ok'>): HttpError {
  const [status, message, code] = REFUSALS[result];
  return new HttpError(status, message, result === 'rate_limited' ? { 'retry-after': String(FAILURE_WINDOW_MINUTES * 60) } : {}, code);
}

type Redemption = { result: 'ok'; rewards: Reward[]; mailId: number };

/** The answer of the player's redemption sent with this request id, when one went through. */
async function storedRedemption(db: Sql, player: PlayerClaims, clientId: string): Promise<Redemption | undefined> {
  const row = await db.one<{ answer: Redemption | null }>('SELECT answer FROM gift_redeem_replays WHERE app_id = $1 AND player_id = $2 AND client_id = $3', [
    player.appId,
    player.playerId,
    clientId,
  ]);
  return row?.answer ?? undefined;
}

class Refused extends Error {
  constructor(readonly result: Exclude<RedeemResult, 'ok'>, readonly campaignId: number | null) {
    super(result);
  }
}

async function logAttempt(db: Sql, player: PlayerClaims, code: string, campaignId: number | null, result: RedeemResult, mailId: number | null, at: string) {
  await db.query(
    'INSERT INTO gift_code_log (at, app_id, player_id, device_id, code, campaign_id, result, mail_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [at, player.appId, player.playerId, player.deviceId, code.slice(0, 64), campaignId, result, mailId],
  );
}

/**
 * The keys a wrong guess counts against: the player, the device and the address the call came from, each within
 * the app. The address matters because device ids are the game's to mint: a script that starts a session per
 * guess gets a new player and device each time, never a new address.
 */
const failureKeys = (p: PlayerClaims, ip: string) => [`p:${p.appId}:${p.playerId}`, `d:${p.appId}:${p.deviceId}`, `a:${p.appId}:${ip}`];
const limitOf = (key: string) => (key.startsWith('a:') ? ADDRESS_FAILURES_MAX : FAILURES_MAX);
const FAILURE_WINDOW_MS = FAILURE_WINDOW_MINUTES * 60_000;

/** Whether any of the keys used up its wrong guesses in the current window. */
async function isThrottled(db: Sql, keys: string[], now: number): Promise<boolean> {
  const rows = await db.query<{ key: string; failures: number }>('SELECT key, failures FROM gift_code_failures WHERE key = ANY($1::text[]) AND window_start > $2', [keys, new Date(now - FAILURE_WINDOW_MS).toISOString()]);
  return rows.some((r) => Number(r.failures) >= limitOf(r.key));
}

interface CodeHit {
  code: string;
  campaign_id: number | string;
  app_id: string;
  name: string;
  rewards: Reward[];
  starts_at: Date | string;
  expires_at: Date | string;
  per_player_limit: number;
  total_limit: number | null;
  os: number[];
  countries: string[];
  active: boolean;
}

/**
 * Redeems a code for the player of the token. Every limit is a conditional UPDATE … RETURNING (or upsert) in
 * one transaction: the code's own use, the player's count and the campaign's total each either move within
 * their limit or change nothing, so parallel redemptions (any number of processes) never pass a limit; the
 * reward mail is written by deliverMail in the same transaction, so a redemption and its mail exist together.
 */
export async function redeemCode(db: Db, player: PlayerClaims, input: { code: string; country?: string; clientId?: string }, ip = '') {
  const now = nowMs();
  const at = new Date(now).toISOString();
  const code = normaliseCode(input.code);
  const keys = failureKeys(player, ip);
  // A retry of a redemption that went through answers that redemption, before any limit is looked at: the lost
  // answer is the game's to read, not a new guess.
  if (input.clientId) {
    const replay = await storedRedemption(db, player, input.clientId);
    if (replay) return replay;
  }
  if (await isThrottled(db, keys, now)) {
    await logAttempt(db, player, code, null, 'rate_limited', null, at);
    throw refusal('rate_limited');
  }
  try {
    const done = await db.transaction(async (tx): Promise<Redemption> => {
      if (input.clientId) {
        // The request id is taken first: a parallel copy waits here until this transaction ends, then answers
        // what it stored (committed) or redeems itself (rolled back: a refusal stores nothing).
        const taken = await tx.query(
          'INSERT INTO gift_redeem_replays (app_id, player_id, client_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING client_id',
          [player.appId, player.playerId, input.clientId],
        );
        if (taken.length === 0) {
          const replay = await storedRedemption(tx, player, input.clientId);
          if (replay) return replay;
          throw new Error(`gift redeem replay ${input.clientId} has no answer`);
        }
      }
      const hit = /^[A-Z0-9]{4,40}$/.test(code)
        ? await tx.one<CodeHit>(
            `SELECT g.code, c.id AS campaign_id, c.app_id, c.name, c.rewards, c.starts_at, c.expires_at, c.per_player_limit, c.total_limit, c.os, c.countries, c.active
               FROM gift_codes g JOIN gift_campaigns c ON c.id = g.campaign_id WHERE g.code = $1`,
            [code],
          )
        : undefined;
      if (!hit) throw new Refused('invalid', null);
      const campaignId = Number(hit.campaign_id);
      if (hit.app_id !== player.appId) throw new Refused('wrong_app', campaignId);
      if (!hit.active) throw new Refused('inactive', campaignId);
      if (new Date(hit.starts_at).getTime() > now) throw new Refused('not_started', campaignId);
      if (new Date(hit.expires_at).getTime() <= now) throw new Refused('expired', campaignId);
      if (hit.os.length) {
        const device = await tx.one<{ os: number }>('SELECT os FROM player_devices WHERE app_id = $1 AND device_id = $2', [player.appId, player.deviceId]);
        if (!device || !hit.os.includes(Number(device.os))) throw new Refused('restricted', campaignId);
      }
      if (hit.countries.length && (!input.country || !hit.countries.includes(input.country))) throw new Refused('restricted', campaignId);
      // The player's own limit first: a player at the limit must not use up a code others could still use.
      const mine = await tx.query(
        `INSERT INTO gift_player_uses (campaign_id, player_id, uses) VALUES ($1, $2, 1)
         ON CONFLICT (campaign_id, player_id) DO UPDATE SET uses = gift_player_uses.uses + 1 WHERE gift_player_uses.uses < $3
         RETURNING uses`,
        [campaignId, player.playerId, hit.per_player_limit],
      );
      if (mine.length === 0) throw new Refused('limit_reached', campaignId);
      const used = await tx.query('UPDATE gift_codes SET uses = uses + 1 WHERE code = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING uses', [code]);
      if (used.length === 0) throw new Refused('used_up', campaignId);
      const mailId = await deliverMail(tx, {
        appId: player.appId,
        userId: player.playerId,
        title: `Gift code ${code}`,
        body: `Your gift from ${hit.name}.`,
        rewards: hit.rewards,
        expiresAt: new Date(Math.max(Date.parse(iso(hit.expires_at)), now) + daysMs(30)).toISOString(),
        source: 'gift_code',
        sourceRef: `${hit.name} · ${code}`,
      });
      await logAttempt(tx, player, code, campaignId, 'ok', mailId, at);
      // The campaign's total last, and only when it has one: every redemption of such a campaign queues on this
      // one row until its commit, so the lock is taken as late as possible (a refusal here still rolls the mail
      // and the log row back). Without a total the row is left alone and the list counts the log's ok rows.
      if (hit.total_limit !== null) {
        const counted = await tx.query(
          `UPDATE gift_campaigns SET redeemed = redeemed + 1 WHERE id = $1 AND active AND redeemed < total_limit RETURNING redeemed`,
          [campaignId],
        );
        if (counted.length === 0) throw new Refused('used_up', campaignId);
      }
      const answer: Redemption = { result: 'ok', rewards: hit.rewards, mailId };
      if (input.clientId) {
        await tx.query('UPDATE gift_redeem_replays SET answer = $4 WHERE app_id = $1 AND player_id = $2 AND client_id = $3', [
          player.appId,
          player.playerId,
          input.clientId,
          JSON.stringify(answer),
        ]);
      }
      return answer;
    });
    return done;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    let result: Exclude<RedeemResult, 'ok'> = error.result;
    // A wrong guess is counted by one atomic statement and only then answered: of parallel wrong guesses exactly
    // the first FAILURES_MAX hear "not valid", the rest 429 (the check above alone would let them all through,
    // as none sees the others' failures yet).
    if (result === 'invalid' || result === 'wrong_app') {
      const counts = await countHits(db, 'gift_code_failures', keys, FAILURE_WINDOW_MS, now);
      if (keys.some((key) => (counts.get(key) ?? 0) > limitOf(key))) result = 'rate_limited';
    }
    await logAttempt(db, player, code, error.campaignId, result, null, at);
    throw refusal(result);
  }
}
