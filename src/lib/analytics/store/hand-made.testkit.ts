import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dayStart, reportDay, utcDay } from '../../time/day';
import { validateEvent, type ValidEvent } from '../events';
import { openChdb } from './chdb-store';
import { ingestToColumnStore } from './ingest';
import { prepareStore } from './prepare';
import type { ColumnStore } from './types';

type KeyList = { k: string }[];

/**
 * A chdb store with its schema in a folder of its own, opened before the file's tests and removed after them;
 * the answer hands the open store to a hook or a test.
 */
export function tempChdb(folder: string): () => ColumnStore {
  const dir = mkdtempSync(join(tmpdir(), `gsm-chdb-${folder}-`));
  let store: ColumnStore | undefined;
  beforeAll(async () => {
    store = await openChdb(join(dir, 'store'));
    await prepareStore(store);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!store) throw new Error('The column store is opened in beforeAll; use it inside a hook or a test.');
    return store;
  };
}

/**
 * For unit tests of the column-store reports on a hand-made event set: a chdb store in a folder of its own,
 * opened before the file's tests and removed after them. The console's database is stood in for by the two
 * lists a report asks it for (test players, refused purchases), which `ingest` sets.
 */
export function handMadeStore(o: { folder: string; appId: string; idPrefix: string }) {
  const now = Date.parse('2026-03-20T05:00:00Z');
  const opened = tempChdb(o.folder);
  let lists = { players: [] as KeyList, refused: [] as KeyList };
  let seq = 0;
  return {
    now,
    opened,
    // A stand-in database: the column-store reads ask it only for the test players and refused purchases.
    db: { query: async (sql: string) => (sql.includes('FROM players') ? lists.players : lists.refused) } as never,
    scope: { apps: [o.appId], from: '2026-03-10', to: '2026-03-12', os: 0, version: 'all', countries: [] as string[] },
    /** Noon (UTC+7 day start + 12 h) of a day, plus s seconds. */
    noon: (day: string, s = 0) => dayStart(day) + 12 * 3_600_000 + s * 1000,
    /** One validated event of the app's Android platform. */
    e(name: string, userId: string, time: number, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): ValidEvent {
      const v = validateEvent({ id: `${o.idPrefix}${++seq}`, name, userId, time, appVersion: '1.0', country: 'VN', params, ...extra }, 1, now);
      if (!('id' in v)) throw new Error(v.reason);
      return v;
    },
    /** Stores the events as ingestion does, and sets what the stand-in database answers. */
    async ingest(events: ValidEvent[], stood: { players: KeyList; refused: KeyList }) {
      await ingestToColumnStore(opened(), { appId: o.appId, os: 1 }, events, events.map((x) => reportDay(x.time)), events.map((x) => utcDay(x.deviceTime)), now);
      lists = stood;
    },
  };
}
