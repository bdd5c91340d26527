import type { Sql } from '../server/db';

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
 * The API log written off the request path: a request only appends its row to a queue; the queue is written
 * in one multi-row INSERT at most `flushMs` after its first row (or at once when a batch is full), and on a
 * clean stop. What a crash can lose is bounded: the rows of the last `flushMs` (default 1 s) — at most
 * API_LOG_MAX_QUEUED rows if the database had been refusing writes before. The log is an operator's record,
 * not an audit trail (the audit rows are written in the mutation's own transaction, src/lib/server/audit.ts).
 */
export class ApiLogWriter {
  private queue: ApiLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  dropped = 0;

  constructor(private readonly db: Sql, private readonly flushMs: number) {}

  get pending(): number {
    return this.queue.length;
  }

  add(entry: ApiLogEntry): void {
    this.queue.push(entry);
    if (this.queue.length > API_LOG_MAX_QUEUED) {
      const over = this.queue.length - API_LOG_MAX_QUEUED;
      this.queue.splice(0, over);
      if (this.dropped === 0) console.error(`[api-log] the database is not taking log rows: dropping the oldest beyond ${API_LOG_MAX_QUEUED}`);
      this.dropped += over;
    }
    if (this.queue.length >= API_LOG_BATCH) void this.flush();
    else this.schedule(this.flushMs);
  }

  private schedule(delay: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    // A pending log write must not keep a stopping process alive (the clean stop flushes explicitly).
    this.timer.unref();
  }

  /** Writes everything queued so far (one write at a time); a failed write keeps its rows for the next try. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    this.flushing = this.writeAll().finally(() => (this.flushing = null));
    await this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, API_LOG_BATCH);
      try {
        await this.insert(batch);
      } catch (error) {
        console.error('[api-log] write failed, retrying shortly:', error instanceof Error ? error.message : error);
        this.schedule(Math.max(this.flushMs, 1000));
        return;
      }
      this.queue.splice(0, batch.length);
    }
  }

  private async insert(batch: ApiLogEntry[]): Promise<void> {
    const params: unknown[] = [];
    const rows = batch.map((e, i) => {
      params.push(e.at, e.accountId, e.username, e.method, e.path.slice(0, 300), e.status, Math.round(e.durationMs), e.requestId, e.ip);
      const base = i * COLUMNS;
      return `(${Array.from({ length: COLUMNS }, (_, c) => `$${base + c + 1}`).join(', ')})`;
    });
    await this.db.query(`INSERT INTO api_log (at, account_id, username, method, path, status, duration_ms, request_id, ip) VALUES ${rows.join(', ')}`, params);
  }
}

// One writer per process, shared by every chunk of the server bundle (like the database, src/lib/server/startup.ts).
const holder = globalThis as typeof globalThis & { __gsmApiLog?: ApiLogWriter };

export function startApiLog(db: Sql, flushMs: number): ApiLogWriter {
  holder.__gsmApiLog = new ApiLogWriter(db, flushMs);
  return holder.__gsmApiLog;
}

/** The process's writer (start-up creates it before the first request is served). */
export function apiLog(): ApiLogWriter | undefined {
  return holder.__gsmApiLog;
}
