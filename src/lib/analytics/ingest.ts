import { tunables } from '../server/config';
import type { Db, Sql } from '../server/db';
import { HttpError } from '../server/errors';
import { reportDay, utcDay } from '../time/day';
import { MAX_BATCH_EVENTS } from './contract';
import { FLAG_BITS, OFF_PLAN_BIT, Refusal, validateEvent, type ClampFlag, type ValidEvent } from './events';
import { addPlanCounts, PlanTally } from './plan-tally';
import { judgeEvent, planKey, trackingPlanOf } from '../config-data/tracking-plan';
import { ensurePartitions } from './partitions';
import { nowMs } from '../time/clock';
import { attributeInstalls } from '../house-ads/attribution';
import { columnStore, usesColumnStore } from './store/column-store';
import { ingestToColumnStore } from './store/ingest';

/** What the SDK is told about a batch. */
export interface IngestResult {
  /** Valid events: stored now or already stored by an earlier send (duplicates). */
  accepted: number;
  /** Of the accepted, those that were already stored (a resent batch, or the same id twice in one batch). */
  duplicates: number;
  rejected: { index: number; reason: string }[];
  /** Accepted events whose device time was implausible and was replaced by the receive time. */
  clamped: { index: number; flag: ClampFlag }[];
  /** Valid events the app's tracking plan disables: not stored and not accepted (counted per app, day and event). */
  dropped: { index: number; reason: string }[];
  /** Accepted events that break the tracking plan: one entry per problem. */
  flagged: { index: number; reason: string }[];
}

export interface SdkApp {
  appId: string;
  os: number;
}

export const MISSING_SDK_KEY = 'Missing SDK key: send the app key in the X-SDK-Key header.';
export const UNKNOWN_SDK_KEY = 'Unknown SDK key.';

/** The app and platform an SDK key belongs to; 401 for a missing or unknown key. */
export async function appOfKey(db: Sql, key: string | null | undefined): Promise<SdkApp> {
  const trimmed = key?.trim();
  if (!trimmed) throw new HttpError(401, MISSING_SDK_KEY);
  const row = await db.one<{ app_id: string; os: number }>('SELECT app_id, os FROM app_os WHERE sdk_app_key = $1', [trimmed]);
  if (!row) throw new HttpError(401, UNKNOWN_SDK_KEY);
  return { appId: row.app_id, os: Number(row.os) };
}

/**
 * A validated string as an SQL literal. The batch's rows are written as literal multi-row VALUES: on
 * PGlite, binding ~5,500 parameters per batch cost four times the insert itself (docs/decisions.md).
 * E'' strings with backslashes and quotes doubled are read the same whatever standard_conforming_strings
 * says; NUL characters never get here (validation refuses them). Every other value in a row is generated
 * by the server (days, times, numbers) or checked against a fixed list (event names, countries).
 */
export function sqlText(value: string): string {
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The UTC day of an event's time as the SDK sent it (before any clamping): its dedupe key's first part
 * (migration 0186). A resent event has the same time, so the same key; keys of one batch sit together.
 */
const sentDay = (deviceTime: number): string => utcDay(deviceTime);

/** (app, os, version) → the first and last event times already written to app_versions by this process. */
const versionsSeen = new WeakMap<object, Map<string, { first: number; last: number }>>();
/** last_seen is refreshed at most this often per version (a write per batch would serialise batches on one row). */
const LAST_SEEN_GRANULARITY_MS = 60_000;

/**
 * Validates and stores one batch for one app platform. Valid events are stored even when others are
 * refused; everything is committed before this resolves, so an acknowledged event is never lost. Events
 * already stored (same app, client event id and time as sent) are counted as duplicates and not stored again.
 */
export async function ingestBatch(db: Db, app: SdkApp, events: readonly unknown[], now = nowMs()): Promise<IngestResult> {
  if (events.length > MAX_BATCH_EVENTS) throw new HttpError(413, `A batch holds at most ${MAX_BATCH_EVENTS} events (got ${events.length}).`);
  return ingestEvents(db, app, events, now);
}

/** Events per write of the console's own bulk senders (the demo studio): one statement (one COPY on PGlite) each. */
export const BULK_WRITE_EVENTS = 5000;

/**
 * What ingestBatch does, without the SDK's batch limit: for the console's own senders (the demo studio writes
 * several thousand events per statement, which costs the embedded database far less per event than 500).
 */
export async function ingestEvents(db: Db, app: SdkApp, events: readonly unknown[], now = nowMs()): Promise<IngestResult> {
  const result: IngestResult = { accepted: 0, duplicates: 0, rejected: [], clamped: [], dropped: [], flagged: [] };
  const valid: ValidEvent[] = [];
  const sentDays: string[] = [];
  const seenIds = new Set<string>();
  const maxAgeDays = tunables().sdkMaxEventAgeDays;
  const plan = await trackingPlanOf(db, app.appId);
  const tally = plan.active ? new PlanTally(app.appId, now) : null;
  events.forEach((raw, index) => {
    const checked = validateEvent(raw, app.os, now, maxAgeDays);
    if (checked instanceof Refusal) return void result.rejected.push({ index, reason: checked.reason });
    let problems: string[] | null = null;
    let planned = '';
    let rawParams: unknown;
    if (tally) {
      planned = planKey(checked.name, checked.params);
      rawParams = (raw as { params?: unknown }).params;
      const verdict = judgeEvent(plan, planned, rawParams);
      if (verdict && 'dropped' in verdict) {
        result.dropped.push({ index, reason: verdict.dropped });
        return void tally.drop(planned);
      }
      if (verdict) {
        problems = verdict.problems;
        checked.offPlan = true;
        for (const reason of problems) result.flagged.push({ index, reason });
      }
    }
    result.accepted++;
    if (checked.flag) result.clamped.push({ index, flag: checked.flag });
    const sent = sentDay(checked.deviceTime);
    const key = `${checked.id}\u0000${sent}`;
    if (seenIds.has(key)) return void result.duplicates++;
    seenIds.add(key);
    valid.push(checked);
    sentDays.push(sent);
    if (problems) tally!.flag(planned, problems, checked, rawParams);
  });
  if (tally?.any) addPlanCounts(db, tally);
  if (valid.length === 0) return result;

  const days = valid.map((e) => reportDay(e.time));
  if (usesColumnStore()) return ingestToColumns(db, app, valid, days, sentDays, now, result);
  await ensurePartitions(db, days);

  const receivedAt = new Date(now).toISOString();
  const versionRows = versionUpdates(db, app, valid);
  const params: unknown[] = [app.appId, app.os, receivedAt];
  // More than an SDK batch (the console's own bulk senders) on PGlite: the rows are COPYed into a staging table.
  const staged = db.kind === 'pglite' && valid.length > MAX_BATCH_EVENTS;
  const input = db.kind === 'postgres' ? jsonInput(valid, days, sentDays, params) : staged ? STAGED_INPUT : valuesInput(valid, days, sentDays);

  const stored = await db.transaction(async (tx) => {
    if (staged) await stageRows(tx, valid, days, sentDays);
    const inserted = await tx.query<{ day: string; n: number }>(
      `WITH input AS (${input}),
       keyed AS MATERIALIZED (SELECT i.*, md5($1 || ':' || i.event_id)::uuid AS key FROM input i),
       fresh AS (
         INSERT INTO event_keys (sent_day, key) SELECT sent_day::date, key FROM keyed ON CONFLICT DO NOTHING RETURNING key
       ),
       stored AS (
         INSERT INTO events (day, app_id, os, user_id, name, event_time, received_at, event_id, app_version, sdk_version, country, flags, device_time, params)
         SELECT i.day::date, $1, $2::smallint, i.user_id, i.name, i.event_time::timestamptz, $3::timestamptz, i.event_id, i.app_version, i.sdk_version,
                i.country, i.flags::smallint, i.device_time::timestamptz, i.params::jsonb
           FROM keyed i WHERE i.key IN (SELECT key FROM fresh)
         RETURNING day
       )
       SELECT day::text AS day, count(*)::int AS n FROM stored GROUP BY day ORDER BY day`,
      params,
    );
    if (versionRows.length) await upsertVersions(tx, app, versionRows);
    if (inserted.length) {
      // Last statement before COMMIT, in day order: batches of one app wait on these rows only briefly and never deadlock.
      const dirty: unknown[] = [app.appId];
      await tx.query(
        `INSERT INTO rollup_dirty (app_id, day) VALUES ${inserted.map((r) => (dirty.push(r.day), `($1, $${dirty.length}::date)`)).join(',')}
         ON CONFLICT (app_id, day) DO UPDATE SET ver = rollup_dirty.ver + 1, marked_at = now()`,
        dirty,
      );
    }
    return inserted.reduce((sum, r) => sum + r.n, 0);
  });
  rememberVersions(db, app, versionRows);
  result.duplicates += valid.length - stored;
  // In-house ads: a first open may be an install one of the studio's campaigns brought (docs/metrics.md).
  const opens = valid.filter((e) => e.name === 'first_open');
  if (opens.length) await attributeInstalls(db, app.appId, opens);
  return result;
}

/**
 * EVENT_STORE=chdb or clickhouse: the events go to the column store (which needs no rollups: its reports read
 * raw events); the app versions and the install attribution stay in the console's database, as on PostgreSQL.
 */
async function ingestToColumns(db: Db, app: SdkApp, valid: ValidEvent[], days: string[], sentDays: string[], now: number, result: IngestResult): Promise<IngestResult> {
  const stored = await ingestToColumnStore(await columnStore()!, app, valid, days, sentDays, now);
  const versionRows = versionUpdates(db, app, valid);
  if (versionRows.length) await db.transaction((tx) => upsertVersions(tx, app, versionRows));
  rememberVersions(db, app, versionRows);
  result.duplicates += valid.length - stored;
  const opens = valid.filter((e) => e.name === 'first_open');
  if (opens.length) await attributeInstalls(db, app.appId, opens);
  return result;
}

const flagsOf = (e: ValidEvent): number => (e.flag ? FLAG_BITS[e.flag] : 0) | (e.offPlan ? OFF_PLAN_BIT : 0);

/** The batch's columns, in the order both input forms give them (migration 0040, 0186). */
const INPUT_COLUMNS = 'day, sent_day, user_id, name, event_time, event_id, app_version, sdk_version, country, flags, device_time, params';

/**
 * PostgreSQL: the batch as one JSON parameter read by json_to_recordset. Measured against literal VALUES on
 * 119,000 events: 53–57 µs of PostgreSQL CPU per event instead of 68–72 (a 500-row VALUES list is parsed and
 * type-checked cell by cell), with the same work in the console; and JSON.stringify does the escaping.
 */
function jsonInput(valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[], params: unknown[]): string {
  const rows = valid.map((e, i) => ({
    day: days[i], sent_day: sentDays[i], user_id: e.userId, name: e.name, event_time: new Date(e.time).toISOString(), event_id: e.id,
    app_version: e.appVersion, sdk_version: e.sdkVersion, country: e.country, flags: flagsOf(e),
    device_time: e.flag ? new Date(e.deviceTime).toISOString() : null, params: e.params,
  }));
  params.push(JSON.stringify(rows));
  return `SELECT * FROM json_to_recordset($${params.length}::json) AS x(day date, sent_day date, user_id text, name text, event_time timestamptz, event_id text,
            app_version text, sdk_version text, country text, flags smallint, device_time timestamptz, params jsonb)`;
}

/**
 * PGlite: literal multi-row VALUES (see sqlText). The JSON form measured no faster there (102–110 µs of the
 * console's CPU per event with VALUES, 110–140 with JSON: the database runs in the same thread either way).
 */
function valuesInput(valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[]): string {
  const rows = valid.map(
    (e, i) =>
      `('${days[i]}','${sentDays[i]}',${sqlText(e.userId)},'${e.name}','${new Date(e.time).toISOString()}',${sqlText(e.id)},${sqlText(e.appVersion)},${sqlText(e.sdkVersion)},` +
      `'${e.country}',${flagsOf(e)},${e.flag ? `'${new Date(e.deviceTime).toISOString()}'` : 'NULL'},${sqlText(JSON.stringify(e.params))})`,
  );
  return `SELECT * FROM (VALUES ${rows.join(',')}) AS v(${INPUT_COLUMNS})`;
}

/**
 * PGlite, a bulk batch (more than MAX_BATCH_EVENTS): the rows in CSV through COPY into a staging table that
 * lives for the transaction, read by the same insert as the other forms. COPY converts each cell by its column's
 * type without the SQL parser, which a VALUES list of thousands of literal rows goes through cell by cell.
 */
const STAGED_INPUT = 'SELECT * FROM ingest_staging';

async function stageRows(tx: Sql, valid: readonly ValidEvent[], days: readonly string[], sentDays: readonly string[]): Promise<void> {
  if (!tx.copyFrom) throw new Error('A bulk batch on PGlite needs COPY (Sql.copyFrom).');
  await tx.exec(
    `CREATE TEMP TABLE IF NOT EXISTS ingest_staging (day date, sent_day date, user_id text, name text, event_time timestamptz, event_id text,
       app_version text, sdk_version text, country text, flags smallint, device_time timestamptz, params text) ON COMMIT DELETE ROWS`,
  );
  // Every text quoted (an unquoted empty field is NULL in CSV): a NULL device time is the only empty field.
  const rows = valid.map(
    (e, i) =>
      `${days[i]},${sentDays[i]},${csvText(e.userId)},${csvText(e.name)},${new Date(e.time).toISOString()},${csvText(e.id)},${csvText(e.appVersion)},${csvText(e.sdkVersion)},` +
      `${csvText(e.country)},${flagsOf(e)},${e.flag ? new Date(e.deviceTime).toISOString() : ''},${csvText(JSON.stringify(e.params))}`,
  );
  await tx.copyFrom(`COPY ingest_staging (${INPUT_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, rows.join('\n'));
}

const csvText = (value: string): string => `"${value.replaceAll('"', '""')}"`;

interface VersionRow {
  version: string;
  sdkVersion: string;
  first: number;
  last: number;
}

/** The (version, SDK version) sightings of the batch that app_versions does not reflect yet. */
function versionUpdates(db: object, app: SdkApp, events: readonly ValidEvent[]): VersionRow[] {
  const byVersion = new Map<string, VersionRow>();
  for (const e of events) {
    const row = byVersion.get(e.appVersion);
    if (!row) byVersion.set(e.appVersion, { version: e.appVersion, sdkVersion: e.sdkVersion, first: e.time, last: e.time });
    else {
      row.first = Math.min(row.first, e.time);
      if (e.time >= row.last) {
        row.last = e.time;
        row.sdkVersion = e.sdkVersion;
      }
    }
  }
  const seen = versionsSeen.get(db);
  return [...byVersion.values()].filter((row) => {
    const known = seen?.get(`${app.appId}|${app.os}|${row.version}|${row.sdkVersion}`);
    return !known || row.first < known.first || row.last > known.last + LAST_SEEN_GRANULARITY_MS;
  });
}

function rememberVersions(db: object, app: SdkApp, rows: readonly VersionRow[]): void {
  let seen = versionsSeen.get(db);
  if (!seen) versionsSeen.set(db, (seen = new Map()));
  for (const row of rows) {
    const key = `${app.appId}|${app.os}|${row.version}|${row.sdkVersion}`;
    const known = seen.get(key);
    seen.set(key, { first: Math.min(row.first, known?.first ?? Infinity), last: Math.max(row.last, known?.last ?? 0) });
  }
}

/** Records each version the SDK reported (source 'sdk'), widening first_seen/last_seen to the event times. */
async function upsertVersions(tx: Sql, app: SdkApp, rows: readonly VersionRow[]): Promise<void> {
  const params: unknown[] = [app.appId, app.os];
  const values = [...rows]
    .sort((a, b) => a.version.localeCompare(b.version))
    .map((r) => {
      params.push(r.version, r.sdkVersion, new Date(r.first).toISOString(), new Date(r.last).toISOString());
      const p = params.length;
      return `($1, $2::smallint, $${p - 3}, $${p - 2}, 'sdk', $${p - 1}::timestamptz, $${p}::timestamptz)`;
    });
  await tx.query(
    `INSERT INTO app_versions (app_id, os, version, sdk_version, source, first_seen, last_seen) VALUES ${values.join(',')}
     ON CONFLICT (app_id, os, version) DO UPDATE SET
       sdk_version = CASE WHEN EXCLUDED.last_seen >= app_versions.last_seen OR app_versions.sdk_version = '' THEN EXCLUDED.sdk_version ELSE app_versions.sdk_version END,
       source = 'sdk',
       first_seen = least(app_versions.first_seen, EXCLUDED.first_seen),
       last_seen = greatest(app_versions.last_seen, EXCLUDED.last_seen)`,
    params,
  );
}
