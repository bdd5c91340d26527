import { processSlot } from '../process-slot';
import type { Sql } from '../server/db';
import { WriteBehind } from '../server/write-behind';

export interface ApiLogEntry {
  at: Date;
  accountId: number | null;
  username: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  ip: string;
}

const COLUMNS = 9;
/** Rows per INSERT (9 parameters each, far below PostgreSQL's 65,535). */
export const API_LOG_BATCH = 500;
/** Rows kept waiting while the database cannot take them; beyond this the oldest are dropped (and counted). */
export const API_LOG_MAX_QUEUED = 20_000;

/**
 * The API log written off the request path (src/lib/server/write-behind.ts): a request only queues its row;
 * rows go out in multi-row INSERTs within `flushMs` (default 1 s) and on a clean stop. The log is an
 * operator's record, not an audit trail (the audit rows are written in the mutation's own transaction,
 * src/lib/server/audit.ts), so a crash may lose its last second.
 */
export class ApiLogWriter extends WriteBehind<ApiLogEntry> {
  constructor(db: Sql, flushMs: number) {
    super({ label: 'api-log', flushMs, batch: API_LOG_BATCH, maxQueued: API_LOG_MAX_QUEUED, write: (batch) => insertRows(db, batch) });
  }
}

async function insertRows(db: Sql, batch: ApiLogEntry[]): Promise<void> {
  const params: unknown[] = [];
  const rows = batch.map((e, i) => {
    params.push(e.at, e.accountId, e.username, e.method, e.path.slice(0, 300), e.status, Math.round(e.durationMs), e.requestId, e.ip);
    const base = i * COLUMNS;
    return `(${Array.from({ length: COLUMNS }, (_, c) => `$${base + c + 1}`).join(', ')})`;
  });
  await db.query(`INSERT INTO api_log (at, account_id, username, method, path, status, duration_ms, request_id, ip) VALUES ${rows.join(', ')}`, params);
}

// One writer per process, shared by every chunk of the server bundle.
const slot = processSlot<ApiLogWriter>('ApiLog');

export function startApiLog(db: Sql, flushMs: number): ApiLogWriter {
  return slot.set(new ApiLogWriter(db, flushMs));
}

/** The process's writer (start-up creates it before the first request is served). */
export function apiLog(): ApiLogWriter | undefined {
  return slot.get();
}
