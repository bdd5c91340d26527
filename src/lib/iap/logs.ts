import type { SessionAccount } from '../auth/types';
import { visibleAppCondition } from '../apps/service';
import type { Sql } from '../server/db';
import { badRequest } from '../server/errors';
import type { IapLogQuery, IapLogRow, RequestLogQuery, RequestLogRow } from './contract';

/**
 * The two IAP logs: every purchase claim with its verification status (/statistic/iapLog) and every request
 * made to a store (/gsm/users/iap_request_log), across the apps the account may see, newest first.
 * Date filters are calendar days in UTC+7, the studio's reporting day.
 */

const DAY_START = (param: string) => `(${param}::date::timestamp - interval '7 hours') AT TIME ZONE 'UTC'`;

type Filter = { params: unknown[]; where: string[] };

/** A log's table as its readers name it: the alias every column is qualified with and the column of its time. */
interface LogTable {
  table: string;
  alias: string;
  time: string;
}

/** Narrows the filter to rows whose column equals the value; an empty filter field (not chosen) narrows nothing. */
function whereEquals(filter: Filter, column: string, value: string | undefined): void {
  if (!value) return;
  filter.params.push(value);
  filter.where.push(`${column} = $${filter.params.length}`);
}

/** The filters both logs offer: apps (only those the account may see), days, user and transaction. */
function common(account: SessionAccount, q: { appIds: string[]; from?: string; to?: string; userId?: string; transactionId?: string }, log: LogTable): Filter {
  if (q.from && q.to && q.from > q.to) throw badRequest('to: must be on or after from.');
  const { alias, time } = log;
  const params: unknown[] = [];
  const where = [visibleAppCondition(account, params, `${alias}.app_id`)];
  if (q.appIds.length) {
    params.push(q.appIds);
    where.push(`${alias}.app_id = ANY($${params.length}::text[])`);
  }
  if (q.from) {
    params.push(q.from);
    where.push(`${alias}.${time} >= ${DAY_START(`$${params.length}`)}`);
  }
  if (q.to) {
    params.push(q.to);
    where.push(`${alias}.${time} < ${DAY_START(`$${params.length}`)} + interval '1 day'`);
  }
  const filter = { params, where };
  whereEquals(filter, `${alias}.user_id`, q.userId);
  whereEquals(filter, `${alias}.transaction_id`, q.transactionId);
  return filter;
}

/**
 * One page of a log's matching rows, newest first (ties by id, so pages never overlap), each as the API
 * answers it, and how many match in all.
 */
async function newestFirst<DbRow, Row>(db: Sql, log: LogTable, filter: Filter, q: { page: number; limit: number }, columns: string, toRow: (r: DbRow) => Row): Promise<{ total: number; rows: Row[] }> {
  const where = filter.where.join(' AND ');
  const from = `${log.table} ${log.alias}`;
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, filter.params);
  const rows = await db.query<DbRow>(
    `SELECT ${columns} FROM ${from} WHERE ${where}
      ORDER BY ${log.alias}.${log.time} DESC, ${log.alias}.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    filter.params,
  );
  return { total: total?.n ?? 0, rows: rows.map(toRow) };
}

const VERIFICATIONS: LogTable = { table: 'iap_verifications', alias: 'v', time: 'created_at' };
const STORE_REQUESTS: LogTable = { table: 'iap_request_log', alias: 'l', time: 'at' };

type DbVerification = {
  id: number; created_at: Date; app_id: string; store: string; product_id: string; transaction_id: string; user_id: string; source: string; status: IapLogRow['status']; reason: string; attempts: number; decided_at: Date | null;
  catalogue_state: string; product_type: string; price_micros: string | null; price_currency: string; price_usd_micros: string | null; price_source: string; reward_mail_id: string | null; reward_note: string;
};

/** Micros as a decimal amount without trailing zeros (990000 → "0.99"). */
const decimal = (micros: number) => (micros / 1_000_000).toFixed(6).replace(/\.?0+$/, '');

export async function listIapLog(db: Sql, account: SessionAccount, q: IapLogQuery): Promise<{ rows: IapLogRow[]; total: number }> {
  const filter = common(account, q, VERIFICATIONS);
  whereEquals(filter, 'v.status', q.status);
  whereEquals(filter, 'v.store', q.store);
  whereEquals(filter, 'v.catalogue_state', q.catalogue);
  const columns = `v.id::int AS id, v.created_at, v.app_id, v.store, v.product_id, v.transaction_id, v.user_id, v.source, v.status, v.reason, v.attempts, v.decided_at,
    v.catalogue_state, v.product_type, v.price_micros::text AS price_micros, v.price_currency, v.price_usd_micros::text AS price_usd_micros, v.price_source, v.reward_mail_id::text AS reward_mail_id, v.reward_note`;
  return newestFirst(db, VERIFICATIONS, filter, q, columns, (r: DbVerification): IapLogRow => ({
    id: r.id, createdAt: new Date(r.created_at).toISOString(), appId: r.app_id, store: r.store, productId: r.product_id, transactionId: r.transaction_id,
    userId: r.user_id, source: r.source, status: r.status, reason: r.reason, attempts: r.attempts, decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    catalogue: r.catalogue_state, productType: r.product_type,
    price: r.price_micros === null ? '' : `${decimal(Number(r.price_micros))} ${r.price_currency}`,
    priceUsd: r.price_usd_micros === null ? null : Number(r.price_usd_micros) / 1_000_000,
    priceFrom: r.price_source,
    reward: [r.reward_mail_id === null ? '' : `mail ${r.reward_mail_id}`, r.reward_note].filter(Boolean).join('; '),
  }));
}

type DbRequest = { id: number; at: Date; app_id: string; store: string; transaction_id: string; user_id: string; request: unknown; http_status: number | null; response: unknown; latency_ms: number; result: RequestLogRow['result'] };

export async function listRequestLog(db: Sql, account: SessionAccount, q: RequestLogQuery): Promise<{ rows: RequestLogRow[]; total: number }> {
  const filter = common(account, q, STORE_REQUESTS);
  whereEquals(filter, 'l.result', q.result);
  const columns = 'l.id::int AS id, l.at, l.app_id, l.store, l.transaction_id, l.user_id, l.request, l.http_status, l.response, l.latency_ms, l.result';
  return newestFirst(db, STORE_REQUESTS, filter, q, columns, (r: DbRequest): RequestLogRow => ({
    id: r.id, at: new Date(r.at).toISOString(), appId: r.app_id, store: r.store, transactionId: r.transaction_id, userId: r.user_id,
    request: r.request, httpStatus: r.http_status, response: r.response, latencyMs: r.latency_ms, result: r.result,
  }));
}
