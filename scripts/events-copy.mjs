#!/usr/bin/env node
// `npm run events:copy -- --from postgres --to clickhouse|chdb [--batch 5000] [--restart]`: copies every stored
// game event from the console's database (DATABASE_URL, or the PGlite data folder DATA_DIR, default ./data) to a
// column store (clickhouse: CLICKHOUSE_URL, CLICKHOUSE_USER, CLICKHOUSE_PASSWORD, CLICKHOUSE_DATABASE; chdb:
// CHDB_PATH, default DATA_DIR/chdb), the move of a studio to EVENT_STORE=clickhouse or chdb (docs/scale.md).
//
// - Pages in a stable order: day by day (the events table's partitions), within a day by the events_player_time
//   index (app, player, event time desc, event id desc), each page a short indexed query: no long query, no lock
//   beyond a reader's, so a console on PostgreSQL stays usable while it runs.
// - Resumable: after the target acknowledges a page, the page's last key is stored in events_copy_checkpoints
//   (migration 0250), one row per target; a copy killed at any moment restarts after the last acknowledged page.
//   The page in flight may be sent twice: the target's ReplacingMergeTree key collapses it (on clickhouse the reads
//   are FINAL; on chdb, whose reads are not, the copy ends by merging the table: switch the console to chdb after it).
// - Progress on stderr (events copied / total, rate, ETA); at the end a count check per app and day (rows in the
//   source = distinct events in the target), the mismatches listed and the exit code 1 when there are any.
//   Events stored meanwhile in days already copied show as mismatches: `--fix` copies those app-days again.
// On PGlite the console must be stopped (one process per data folder): the copy takes the folder's lock.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { from: { type: 'string', default: 'postgres' }, to: { type: 'string' }, batch: { type: 'string', default: '5000' }, restart: { type: 'boolean', default: false }, fix: { type: 'boolean', default: false } },
});
const fail = (message) => {
  console.error(`[events:copy] ${message}`);
  process.exit(2);
};
if (args.from !== 'postgres') fail(`--from ${args.from}: only postgres (the console's database) can be copied from.`);
if (args.to !== 'clickhouse' && args.to !== 'chdb') fail(`--to ${args.to ?? '(missing)'}: expected clickhouse or chdb.`);
const pageSize = Number(args.batch);
// Tests only: a pause and a progress line after each page, so a test's SIGKILL lands between pages however
// fast the stores are.
const pagePauseMs = Number(process.env.EVENTS_COPY_PAGE_PAUSE_MS ?? 0);
if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100_000) fail(`--batch ${args.batch}: expected a whole number of events from 1 to 100000.`);
const log = (line) => process.stderr.write(`[events:copy] ${line}\n`);

// ---- The source: the console's database -------------------------------------------------------------------
const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
const source = process.env.DATABASE_URL?.trim() ? await openPostgres(process.env.DATABASE_URL.trim()) : await openPglite(dataDir);

async function openPostgres(url) {
  const { default: pg } = await import('pg');
  // Two connections: the page reads and the checkpoint writes never wait on each other.
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return { name: 'PostgreSQL', query: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
}

/** PGlite allows one process per folder: refused while a console has it open, and locked against one starting. */
async function openPglite(dir) {
  const lockFile = join(dir, 'gsm.lock');
  if (!existsSync(join(dir, 'pg'))) fail(`no console database in ${dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  if (existsSync(lockFile)) {
    const text = readFileSync(lockFile, 'utf8').trim();
    let pid = Number(text);
    try {
      pid = JSON.parse(text).pid ?? pid;
    } catch {
      // a bare pid
    }
    if (pid && pid !== process.pid && alive(pid)) fail(`the console's database in ${dir} is open in process ${pid}: stop the console first (PGlite allows one process per data folder).`);
  }
  // The bare-pid form of the console's lock file (src/lib/server/db/dir-lock.ts reads it): a console started now refuses.
  writeFileSync(lockFile, String(process.pid));
  process.on('exit', () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // already gone
    }
  });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dir, 'pg'));
  return { name: `PGlite (${dir})`, query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

// ---- The target: the column store ----------------------------------------------------------------------------
const { EVENTS_TABLE, mergeCopies } = await import('../src/lib/analytics/store/schema.ts');
const { prepareStore } = await import('../src/lib/analytics/store/prepare.ts');
const { rebuildUserDays } = await import('../src/lib/analytics/store/user-days.ts');
let target;
let targetName;
if (args.to === 'chdb') {
  const path = resolve(process.env.CHDB_PATH?.trim() || join(dataDir, 'chdb'));
  const { openChdb } = await import('../src/lib/analytics/store/chdb-store.ts');
  target = await openChdb(path, 'gsm');
  targetName = `chdb:${path}`;
} else {
  const url = process.env.CLICKHOUSE_URL?.trim();
  if (!url) fail('--to clickhouse needs CLICKHOUSE_URL (and CLICKHOUSE_USER, CLICKHOUSE_PASSWORD, CLICKHOUSE_DATABASE as the console has them).');
  const database = process.env.CLICKHOUSE_DATABASE?.trim() || 'default';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) fail(`CLICKHOUSE_DATABASE must be a plain identifier, got "${database}".`);
  const { openClickhouse } = await import('../src/lib/analytics/store/clickhouse-store.ts');
  target = await openClickhouse({ kind: 'clickhouse', url, user: process.env.CLICKHOUSE_USER?.trim() || 'default', password: process.env.CLICKHOUSE_PASSWORD ?? '', database });
  targetName = `clickhouse:${url.replace(/\/+$/, '')}/${database}`;
}
await prepareStore(target);

// ---- The copy -----------------------------------------------------------------------------------------------

async function copy() {
  const [{ ok }] = await source.query(`SELECT to_regclass('events_copy_checkpoints') IS NOT NULL AS ok`);
  if (!ok) fail(`${source.name} has no events_copy_checkpoints table: start this version of the console on it once (it applies migration 0250).`);
  if (args.restart) await source.query('DELETE FROM events_copy_checkpoints WHERE target = $1', [targetName]);
  const [checkpoint] = await source.query('SELECT after, copied::bigint AS copied FROM events_copy_checkpoints WHERE target = $1', [targetName]);
  let after = checkpoint?.after ?? null;
  let copied = Number(checkpoint?.copied ?? 0);
  if (!checkpoint) await source.query('INSERT INTO events_copy_checkpoints (target) VALUES ($1)', [targetName]);

  const days = await eventDays();
  const before = await sourceCounts(days);
  const total = [...before.values()].reduce((s, n) => s + n, 0);
  log(`${source.name} → ${targetName}: ${total.toLocaleString('en-US')} events over ${days.length} days${after ? `, resuming after ${after.day} (${copied.toLocaleString('en-US')} copied)` : ''}`);

  const started = performance.now();
  let copiedHere = 0;
  let lastLine = 0;
  const progress = (force = false) => {
    const now = performance.now();
    if (!force && now - lastLine < 1000) return;
    lastLine = now;
    const rate = copiedHere / Math.max(0.001, (now - started) / 1000);
    const left = Math.max(0, total - copied);
    const eta = rate > 0 ? clock(left / rate) : '?';
    log(`${copied.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events (${total ? ((100 * Math.min(copied, total)) / total).toFixed(1) : '100.0'}%), ${Math.round(rate).toLocaleString('en-US')} events/s, ETA ${eta}`);
  };

  for (const day of days) {
    if (after && day < after.day) continue;
    for (let page = await nextPage(day, null, after?.day === day ? after : null); page.rows.length; page = await nextPage(day, null, page.last)) {
      await target.insert(EVENTS_TABLE, page.rows.map(columnRow));
      copied += page.rows.length;
      copiedHere += page.rows.length;
      after = page.last;
      await source.query('UPDATE events_copy_checkpoints SET after = $2, copied = $3, updated_at = now() WHERE target = $1', [targetName, JSON.stringify(after), copied]);
      progress(pagePauseMs > 0);
      if (pagePauseMs > 0) await new Promise((resume) => setTimeout(resume, pagePauseMs));
    }
  }
  progress(true);
  await source.query('UPDATE events_copy_checkpoints SET finished_at = now() WHERE target = $1', [targetName]);

  let mismatches = await countCheck();
  if (mismatches.length && args.fix) {
    for (const m of mismatches.filter((x) => x.source > x.target)) {
      log(`copying ${m.app} ${m.day} again (${m.source} in the source, ${m.target} in the target)`);
      for (let page = await nextPage(m.day, m.app, null); page.rows.length; page = await nextPage(m.day, m.app, page.last)) await target.insert(EVENTS_TABLE, page.rows.map(columnRow));
    }
    mismatches = await countCheck();
  }
  // chdb's reports read the table without FINAL (one row an event: src/lib/analytics/store/schema.ts); a page sent
  // twice across a restart, or an app-day copied again by --fix, is merged into one row before the store is used.
  // The user-day sums kept beside the events (src/lib/analytics/store/user-days.ts) counted such a page twice:
  // summed again from the merged events.
  if (target.kind === 'chdb') {
    await mergeCopies(target);
    await rebuildUserDays(target);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`copied ${copiedHere.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s this run`);
  return mismatches.length ? 1 : 0;
}

const clock = (s) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** The days holding events, oldest first: the events table's day partitions (created by ingestion, events_YYYYMMDD). */
async function eventDays() {
  const rows = await source.query(
    `SELECT DISTINCT substring(c.relname FROM 'events_(\\d{8})$') AS d FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_\\d{8}$'`,
  );
  return rows.map((r) => `${r.d.slice(0, 4)}-${r.d.slice(4, 6)}-${r.d.slice(6, 8)}`).sort();
}

/** Rows per app and day in the source, a day at a time (each an index-only count of one partition). */
async function sourceCounts(days) {
  const counts = new Map();
  for (const day of days) {
    for (const r of await source.query('SELECT app_id, count(*)::bigint AS n FROM events WHERE day = $1::date GROUP BY app_id', [day])) counts.set(`${r.app_id}\t${day}`, Number(r.n));
  }
  return counts;
}

/**
 * Rows per app and day in the source against distinct events (event id and day as sent: the key PostgreSQL's
 * event_keys holds) per app and day in the target; answers the mismatches, listed on stderr.
 */
async function countCheck() {
  const expected = await sourceCounts(await eventDays());
  const actual = new Map();
  for (const r of await target.query(`SELECT app_id, toString(day) AS day, uniqExact(event_id, sent_day) AS n FROM ${target.database}.${EVENTS_TABLE} GROUP BY app_id, day`)) actual.set(`${r.app_id}\t${r.day}`, Number(r.n));
  const mismatches = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const [app, day] = key.split('\t');
    const m = { app, day, source: expected.get(key) ?? 0, target: actual.get(key) ?? 0 };
    if (m.source !== m.target) mismatches.push(m);
  }
  mismatches.sort((a, b) => a.day.localeCompare(b.day) || a.app.localeCompare(b.app));
  const events = [...expected.values()].reduce((s, n) => s + n, 0);
  if (!mismatches.length) log(`count check: ${expected.size} app-days, ${events.toLocaleString('en-US')} events, source = target for each`);
  else {
    log(`count check: ${mismatches.length} of ${new Set([...expected.keys(), ...actual.keys()]).size} app-days differ (app, day, rows in the source, distinct events in the target):`);
    for (const m of mismatches) log(`  ${m.app} ${m.day} source ${m.source} target ${m.target}`);
  }
  return mismatches;
}

/** The events' columns as the column store's ingestion writes them (src/lib/analytics/store/ingest.ts), as text. */
const COLUMNS = `app_id, day::text AS day, name, user_id, event_id, os,
  to_char((coalesce(device_time, event_time) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS sent_day,
  to_char(event_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS event_time,
  to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS received_at,
  to_char(device_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS device_time,
  app_version, sdk_version, country, flags, params::text AS params,
  to_char(event_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key_time`;
const ORDER = 'ORDER BY app_id, user_id, event_time DESC, event_id DESC';

/**
 * The page of one day after `after` (null: from the day's start), in the events_player_time index's order, of
 * one app or all. Two indexed reads: the rest of the current player's events, then the next players'. A page
 * never ends inside a run of rows with equal keys (one event id sent with two device times, both clamped to one
 * receive time): the whole run is taken, so the next page's "after" skips nothing.
 */
async function nextPage(day, app, after) {
  const rows = [];
  if (after) {
    rows.push(...(await source.query(
      `SELECT ${COLUMNS} FROM events WHERE day = $1::date AND app_id = $2 AND user_id = $3 AND (event_time, event_id) < ($4::timestamptz, $5)
        ORDER BY event_time DESC, event_id DESC LIMIT $6`,
      [day, after.app, after.user, after.time, after.id, pageSize],
    )));
  }
  if (rows.length < pageSize) {
    const params = [day];
    let where = 'day = $1::date';
    if (app) where += ` AND app_id = $${params.push(app)}`;
    if (after) where += ` AND (app_id, user_id) > ($${params.push(after.app)}, $${params.push(after.user)})`;
    rows.push(...(await source.query(`SELECT ${COLUMNS} FROM events WHERE ${where} ${ORDER} LIMIT $${params.push(pageSize - rows.length)}`, params)));
  }
  if (!rows.length) return { rows, last: after };
  let last = rows.at(-1);
  if (rows.length === pageSize) {
    const same = (r) => r.app_id === last.app_id && r.user_id === last.user_id && r.key_time === last.key_time && r.event_id === last.event_id;
    const run = await source.query(`SELECT ${COLUMNS} FROM events WHERE day = $1::date AND app_id = $2 AND user_id = $3 AND event_time = $4::timestamptz AND event_id = $5`, [day, last.app_id, last.user_id, last.key_time, last.event_id]);
    const kept = rows.filter((r) => !same(r));
    rows.length = 0;
    rows.push(...kept, ...run);
    last = run.at(-1) ?? last;
  }
  return { rows, last: { day, app: last.app_id, user: last.user_id, time: last.key_time, id: last.event_id } };
}

/** A source row as the column store's row. Only the clamping bits of flags go over, as ingestion writes them there. */
function columnRow(r) {
  const flags = Number(r.flags) & 3;
  return {
    app_id: r.app_id, day: r.day, name: r.name, user_id: r.user_id, event_id: r.event_id, sent_day: r.sent_day, os: Number(r.os),
    event_time: r.event_time, received_at: r.received_at, app_version: r.app_version, sdk_version: r.sdk_version, country: r.country,
    flags, device_time: flags ? r.device_time : null, params: r.params,
  };
}

// ---- Run (last: the helpers above are initialized) ------------------------------------------------------------
let exitCode = 0;
try {
  exitCode = await copy();
} finally {
  await target.close();
  await source.close();
}
process.exit(exitCode);
