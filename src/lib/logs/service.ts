import type { Sql } from '../server/db';
import { isoWithOffset } from '../time/format';
import type { AccountLogFilters } from './contract';

/** The reporting day ends at midnight UTC+7: a "to" date includes that whole day there. */
const fromBound = (v?: string) => (v ? (v.length === 10 ? `${v}T00:00:00+07:00` : v) : null);
const toBound = (v?: string) => (v ? (v.length === 10 ? `${v}T23:59:59.999+07:00` : v) : null);

function accountLogWhere(f: AccountLogFilters): { where: string; params: unknown[] } {
  return {
    where: `($1::text IS NULL OR username = $1) AND ($2::text IS NULL OR entity = $2) AND ($3::text IS NULL OR action = $3)
        AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)`,
    params: [f.username || null, f.entity || null, f.action || null, fromBound(f.from), toBound(f.to)],
  };
}

type LogRow = { id: number; created_at: Date; username: string; action: string; entity: string; entity_id: string; before: unknown; after: unknown; ip: string; request_id: string };
const toEntry = (r: LogRow) => ({ id: r.id, at: new Date(r.created_at).toISOString(), username: r.username, action: r.action, entity: r.entity, entityId: r.entity_id, before: r.before, after: r.after, ip: r.ip, requestId: r.request_id });

export async function listAccountLog(db: Sql, f: AccountLogFilters) {
  const { where, params } = accountLogWhere(f);
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM account_log WHERE ${where}`, params);
  const rows = await db.query<LogRow>(
    `SELECT id::int AS id, created_at, username, action, entity, entity_id, before, after, ip, request_id FROM account_log WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT $6 OFFSET $7`,
    [...params, f.limit, (f.page - 1) * f.limit],
  );
  return { data: rows.map(toEntry), totalRecord: total?.n ?? 0 };
}

const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // Quote always; neutralise spreadsheet formulas so an exported log cannot run code when opened.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

export async function accountLogCsv(db: Sql, f: AccountLogFilters): Promise<string> {
  const { where, params } = accountLogWhere(f);
  const rows = await db.query<LogRow>(
    `SELECT id::int AS id, created_at, username, action, entity, entity_id, before, after, ip, request_id FROM account_log WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT 50000`,
    params,
  );
  // Times in ISO 8601 with the explicit offset (+07:00), which spreadsheets and scripts parse; the header names the zone.
  const header = ['time (UTC+7)', 'account', 'action', 'entity', 'entity id', 'before', 'after', 'ip', 'request id'];
  const lines = rows.map(toEntry).map((e) => [isoWithOffset(e.at), e.username, e.action, e.entity, e.entityId, e.before, e.after, e.ip, e.requestId].map(csvCell).join(','));
  return `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export async function listApiLog(
  db: Sql,
  f: { username?: string; method?: string; status?: number; path?: string; from?: string; to?: string; page: number; limit: number },
) {
  const where = `($1::text IS NULL OR username = $1) AND ($2::text IS NULL OR method = $2) AND ($3::int IS NULL OR status = $3)
     AND ($4::text IS NULL OR path ILIKE '%' || $4 || '%') AND ($5::timestamptz IS NULL OR at >= $5) AND ($6::timestamptz IS NULL OR at <= $6)`;
  const params = [f.username || null, f.method || null, f.status ?? null, f.path || null, fromBound(f.from), toBound(f.to)];
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM api_log WHERE ${where}`, params);
  const rows = await db.query<{ id: number; at: Date; username: string; method: string; path: string; status: number; duration_ms: number; request_id: string; ip: string }>(
    `SELECT id::int AS id, at, username, method, path, status, duration_ms, request_id, ip FROM api_log WHERE ${where} ORDER BY at DESC, id DESC LIMIT $7 OFFSET $8`,
    [...params, f.limit, (f.page - 1) * f.limit],
  );
  return {
    data: rows.map((r) => ({ id: r.id, at: new Date(r.at).toISOString(), username: r.username, method: r.method, path: r.path, status: r.status, durationMs: r.duration_ms, requestId: r.request_id, ip: r.ip })),
    totalRecord: total?.n ?? 0,
  };
}
