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
        if ((error as { code?: string }).code === STALE_PLAN) statements.delete(text);
        throw error;
      } finally {
        // Ends the extended-protocol exchange, after an error too (the server skips to it).
        messages.push(...(await send(serialize.sync())));
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

/** node-postgres's query config for a text: named (prepared per connection) while fewer than PREPARED_MAX are. */
export function postgresStatements() {
  const named = new Map<string, string>();
  return (text: string, values: unknown[] | undefined) => {
    let name = named.get(text);
    if (!name && named.size < PREPARED_MAX) {
      name = `gsm_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      named.set(text, name);
    }
    return name ? { name, text, values } : { text, values };
  };
}
