import type { EventStoreSettings } from '../../server/config';
import type { ColumnStore } from './types';

/**
 * EVENT_STORE=clickhouse: a ClickHouse server or cluster through its official client (@clickhouse/client, the
 * HTTP interface). An insert resolves when the server answers it, which it does once the part is written
 * (synchronous inserts: async_insert stays off, so an acknowledged batch is on the server's disk).
 */
export async function openClickhouse(settings: Extract<EventStoreSettings, { kind: 'clickhouse' }>): Promise<ColumnStore> {
  const { createClient } = await import('@clickhouse/client');
  const client = createClient({
    url: settings.url,
    username: settings.user,
    password: settings.password,
    database: settings.database,
    request_timeout: 60_000,
    compression: { request: false, response: false },
    clickhouse_settings: { async_insert: 0 },
  });
  return {
    kind: 'clickhouse',
    database: settings.database,
    async query<T>(sql: string, params?: Record<string, unknown>) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return (await result.json()) as T[];
    },
    async command(sql) {
      await client.command({ query: sql });
    },
    async insert(table, rows) {
      if (rows.length) await client.insert({ table: `${settings.database}.${table}`, values: rows as Record<string, unknown>[], format: 'JSONEachRow' });
    },
    close: () => client.close(),
  };
}
