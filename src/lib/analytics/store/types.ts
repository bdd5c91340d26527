/**
 * The event store of EVENT_STORE=chdb or clickhouse: ClickHouse, embedded or a server, spoken to in the same SQL.
 * With EVENT_STORE=postgres (the default) there is none: events and the rollups stay in the console's database
 * and the code paths that use a column store are never taken (columnStore() answers null).
 */
export interface ColumnStore {
  readonly kind: 'chdb' | 'clickhouse';
  /** The database holding the events table (a plain identifier, so it may be written into SQL). */
  readonly database: string;
  /** Rows of a SELECT; `{name:Type}` placeholders are bound by the engine from `params` (never spliced into the text). */
  query<T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<T[]>;
  /** A statement without rows (DDL). */
  command(sql: string): Promise<void>;
  /** Resolves once the engine holds the rows (written as a part on its disk): only then is a batch acknowledged. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
  /**
   * chdb: the app-days of event writes under way when the last console stopped (a kill -9 mid-write), whose
   * summed figures may be partial (./user-days.ts), and forgetting them once summed again.
   */
  readonly unfinishedWrites?: { days(): Promise<AppDay[]>; clear(): Promise<void> };
}

/** An app and a reporting day. */
export interface AppDay {
  app: string;
  day: string;
}

/** The resolved report filters: apps, range, OS, version, countries (the analytics reports' ReportScope). */
export interface StoreScope {
  apps: string[];
  from: string;
  to: string;
  os: number;
  version: string;
  countries: string[];
}
