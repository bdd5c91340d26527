/**
 * The one query interface the services use. PGlite and node-postgres both speak PostgreSQL with $n
 * parameters, so every service runs the same SQL on either. Rules that keep the two identical:
 * - pass jsonb values as JSON.stringify(...) with an explicit ::jsonb cast (pg would send JS arrays as
 *   Postgres arrays);
 * - cast counts and sums to int or text in SQL (pg returns int8 as a string, PGlite as a number).
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs one or more statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * PGlite only: a `COPY … FROM '/dev/blob'` statement fed with `data` (the demo studio's bulk load, ingest.ts:
   * COPY reads rows without the SQL parser, which a literal VALUES list of thousands of rows goes through).
   */
  copyFrom?(statement: string, data: string): Promise<void>;
}

/** What a listener hears: each notification, and whether it can hear them at all right now. */
export interface ListenHandlers {
  message(payload: string): void;
  /** Listening (again): anything may have changed while it was not. */
  up(): void;
  /** The listening connection is lost: notifications may be missed until up() is called again. */
  down(): void;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel (notifications are sent at commit by pg_notify). PostgreSQL: a dedicated connection,
   * reconnected after a loss; PGlite: in-process. Resolves once the first attempt is done (up or down).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<void>;
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the data directory (test templates). */
  dump?(): Promise<Blob>;
}

export function makeSql(run: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>, exec: (text: string) => Promise<unknown>): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      return (await run(text, params)).rows as T[];
    },
    async one<T>(text: string, params?: unknown[]) {
      return (await run(text, params)).rows[0] as T | undefined;
    },
    async exec(text: string) {
      await exec(text);
    },
  };
}

/**
 * A transaction seen as a database whose `transaction` joins it: services that open their own transaction
 * (one change with its audit row) can then run several at once, all-or-nothing (an account's composite save).
 */
export function joinTransaction(tx: Sql, kind: Db['kind']): Db {
  return {
    ...tx,
    kind,
    transaction: (fn) => fn(tx),
    close: async () => {
      throw new Error('A joined transaction is closed by its owner.');
    },
    listen: async () => {
      throw new Error('Listen on the database, not inside a transaction.');
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function yieldingSql(sql: Sql): Sql {
  const copyFrom = sql.copyFrom?.bind(sql);
  return {
    query: async (text, params) => (await nextTurn(), sql.query(text, params)),
    one: async (text, params) => (await nextTurn(), sql.one(text, params)),
    exec: async (text) => (await nextTurn(), sql.exec(text)),
    ...(copyFrom ? { copyFrom: async (statement: string, data: string) => (await nextTurn(), copyFrom(statement, data)) } : {}),
  };
}

/**
 * The database for long background work in the serving process (the demo studio's seeding): before each
 * statement it lets the event loop take new connections and requests. PGlite runs in this thread and its
 * answers resolve as microtasks, so a loop of statements would otherwise keep every request waiting until
 * the loop ends.
 */
export function yielding(db: Db): Db {
  return {
    ...db,
    ...yieldingSql(db),
    kind: db.kind,
    listen: (channel, handlers) => db.listen(channel, handlers),
    close: () => db.close(),
    transaction: async (fn) => (await nextTurn(), db.transaction((tx) => fn(yieldingSql(tx)))),
  };
}
