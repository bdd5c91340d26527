import { createHash } from 'node:crypto';
import type { PGlite, Results } from '@electric-sql/pglite';

/**
 * Statements kept prepared, so a query the console runs on every request is planned once per connection
 * instead of on every call. Every query arrives as text with $n parameters; the drivers' own `query(text,
 * params)` parses and plans an unnamed statement each time. On PGlite the planning was most of a small query's
 * cost (the dashboard's unread-count query: 1.09 ms as text, 0.42 ms prepared, measured 27-11-2026), and PGlite
 * shares the console's one thread, so every page paid it. PostgreSQL keeps a prepared statement per connection;
 * its plan cache chooses between a custom plan and the generic one as it does for any prepared statement
 * (custom for the first five calls, generic after when it costs no more), so a skewed parameter keeps a
 * custom plan.
 *
 * Bounded: at most PREPARED_MAX texts per database. On PGlite the least recently used statement is closed
 * past it; on PostgreSQL (node-postgres keeps what it prepared per connection and has no way to close it)
 * a text seen after the bound is simply not prepared.
 */
export const PREPARED_MAX = 256;

/**
 * Longer texts are one-offs (a batch's rows written as literal VALUES, ingest.ts): parsed as PGlite's unnamed
 * statement and never kept. Prepared, each cost its parse tree's copy into the plan cache and pushed out a
 * statement the pages use: 500-event VALUES lists took twice as long as plain text (3.3 s against 1.5 s for
 * 50,000 events, measured 28-11-2026).
 */
export const ONE_OFF_TEXT_CHARS = 8192;

/** "cached plan must not change result type": a table a statement reads changed shape under it. */
const STALE_PLAN = '0A000';

type PgliteLike = Pick<PGlite, 'execProtocol' | 'runExclusive' | '_runExclusiveTransaction' | 'syncToFs' | 'serializers' | 'parsers' | 'query'>;

/**
 * PGlite's query through named statements: parse and describe once per text, then bind, execute and sync.
 * `inTransaction`: the caller already holds PGlite's transaction lock (a query inside db.transaction).
 */
export async function pgliteStatements(pg: PgliteLike) {
  const { protocol, parse } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; types: number[] }>();
  let counter = 0;
  const send = async (message: Uint8Array) => (await pg.execProtocol(message, { syncToFs: false })).messages;

  async function prepare(text: string) {
    if (text.length > ONE_OFF_TEXT_CHARS) {
      await send(serialize.parse({ name: '', text }));
      return { name: '', types: parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name: '' }))) };
    }
    if (statements.size >= PREPARED_MAX) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      await send(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `gsm_${++counter}`;
    await send(serialize.parse({ name, text }));
    const statement = { name, types: parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name }))) };
    statements.set(text, statement);
    return statement;
  }

  function run(text: string, params: unknown[], inTransaction: boolean): Promise<Results> {
    return pg.runExclusive(async () => {
      const messages = [];
      let stale: string | null = null;
      try {
        let statement = statements.get(text);
        if (statement) {
          statements.delete(text); // most recently used last
          statements.set(text, statement);
        } else statement = await prepare(text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pg.serializers[statement.types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } catch (error) {
        if ((error as { code?: string }).code === STALE_PLAN) {
          stale = statements.get(text)?.name ?? null;
          statements.delete(text);
        }
        throw error;
      } finally {
        // Ends the extended-protocol exchange, after an error too (the server skips to it).
        messages.push(...(await send(serialize.sync())));
        // A stale statement is closed once the exchange is over (until the Sync the server ignores messages).
        if (stale) {
          await send(serialize.close({ type: 'S', name: stale }));
          await send(serialize.sync());
        }
      }
      if (!inTransaction) await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers)[0]!;
    });
  }

  return {
    async query(text: string, params: unknown[] = [], inTransaction = false): Promise<Results> {
      try {
        return inTransaction ? await run(text, params, true) : await pg._runExclusiveTransaction(() => run(text, params, false));
      } catch (error) {
        // A plan made stale by a change of a table's shape: once more as plain text (the next call prepares anew).
        if ((error as { code?: string }).code === STALE_PLAN && !inTransaction) return pg.query(text, params);
        throw error;
      }
    },
    /** How many texts are prepared now (tests). */
    size: () => statements.size,
  };
}

/**
 * Codes a server answers when named statements outlive or miss their connection: a pooler that hands one
 * server session to several clients (or the test suite's PGlite served over the wire, one session for every
 * connection) — "prepared statement … already exists" and "… does not exist".
 */
const SHARED_SESSION = new Set(['42P05', '26000']);

/**
 * node-postgres's query config for a text: named (prepared per connection) while fewer than PREPARED_MAX are.
 * `run` sends it on a pool or a client; a server that shares its sessions between connections turns naming off
 * for good (the call is answered unnamed when it is not inside a transaction, which the error has aborted).
 * `prepared` false (DATABASE_PREPARED=off): nothing is named, for a pooler known to share sessions.
 */
export function postgresStatements(prepared = true) {
  const named = new Map<string, string>();
  let enabled = prepared;
  const config = (text: string, values: unknown[] | undefined) => {
    let name = enabled ? named.get(text) : undefined;
    if (enabled && !name && named.size < PREPARED_MAX) {
      name = `gsm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      named.set(text, name);
    }
    return name ? { name, text, values } : { text, values };
  };
  async function run<R>(client: { query(config: { name?: string; text: string; values?: unknown[] }): Promise<R> }, text: string, values: unknown[] | undefined, inTransaction: boolean): Promise<R> {
    const query = config(text, values);
    try {
      return await client.query(query);
    } catch (error) {
      if (!('name' in query) || !SHARED_SESSION.has((error as { code?: string }).code ?? '')) throw error;
      enabled = false;
      console.error('[db] the server shares sessions between connections: statements are no longer prepared');
      if (inTransaction) throw error;
      return client.query({ text, values });
    }
  }
  return Object.assign(config, { run, enabled: () => enabled });
}
