import { describe, expect, it } from 'vitest';
import { storedKeys } from './known-events';
import type { ColumnStore } from './types';

/** A store holding the given (app, id, day as sent) rows, answering the look-up's query and counting its calls. */
function fakeStore(rows: { app: string; id: string; sent: string }[]) {
  const asked: Record<string, unknown>[] = [];
  const store: ColumnStore = {
    kind: 'chdb',
    database: 'gsm',
    async query<T>(_sql: string, params?: Record<string, unknown>) {
      asked.push(params!);
      await new Promise((r) => setTimeout(r, 20));
      const p = params as { app: string; ids: string[]; sent_days: string[] };
      return rows.filter((r) => r.app === p.app && p.ids.includes(r.id) && p.sent_days.includes(r.sent)).map((r) => ({ event_id: r.id, sent: r.sent })) as T[];
    },
    command: async () => undefined,
    insert: async () => undefined,
    close: async () => undefined,
  };
  return { store, asked };
}

describe('the look-up of events already stored', () => {
  it('runs look-ups of one app that wait on a running one as one query, and answers each batch about its own events', async () => {
    const { store, asked } = fakeStore([
      { app: 'a', id: 'e1', sent: '2026-03-01' },
      { app: 'a', id: 'e3', sent: '2026-03-02' },
      { app: 'b', id: 'e1', sent: '2026-03-01' },
    ]);
    const first = storedKeys(store, 'a', ['e1', 'e2'], ['2026-03-01', '2026-03-01']);
    await new Promise((r) => setTimeout(r, 5)); // the first query is running
    const [second, third, other] = [
      storedKeys(store, 'a', ['e3'], ['2026-03-02']),
      storedKeys(store, 'a', ['e4'], ['2026-03-02']),
      storedKeys(store, 'b', ['e9'], ['2026-03-01']),
    ];
    expect([...(await first)]).toEqual(['e1\u00002026-03-01']);
    expect([...(await second)]).toEqual(['e3\u00002026-03-02']);
    expect((await third).has('e4\u00002026-03-02')).toBe(false);
    expect([...(await other)]).toEqual([]);
    // App a: the first batch's query, then one for the two that waited; app b: its own.
    expect(asked.map((p) => [p.app, p.ids])).toEqual([
      ['a', ['e1', 'e2']],
      ['b', ['e9']],
      ['a', ['e3', 'e4']],
    ]);
  });

  it('a failed look-up fails the batches that waited for it, and the next one runs', async () => {
    let fail = true;
    const { store } = fakeStore([{ app: 'a', id: 'e1', sent: '2026-03-01' }]);
    const failing: ColumnStore = { ...store, query: async (sql, params) => (fail ? ((fail = false), Promise.reject(new Error('chdb: gone'))) : store.query(sql, params)) };
    await expect(storedKeys(failing, 'a', ['e1'], ['2026-03-01'])).rejects.toThrow('chdb: gone');
    expect([...(await storedKeys(failing, 'a', ['e1'], ['2026-03-01']))]).toEqual(['e1\u00002026-03-01']);
  });
});
