import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../server/db';
import { migrate, migrations } from '../server/db/migrate';
import { openMemoryPglite } from '../server/db/open';
import { ingestBatch } from './ingest';
import { daysMs } from '../time/day';

// Migration 0186 re-keys event_keys by the day of each event's time as sent. An install upgraded with
// events already stored must still recognise their resends, the clamped ones included (their stored time
// is the receive time, their key day the device's).
const NOW = Date.parse('2026-11-20T05:00:00Z');
const APP = { appId: 'com.test.keys', os: 1 };
const event = (id: string, time: number) => ({ id, name: 'session_start', userId: 'k1', time, appVersion: '1.0', sdkVersion: '4.0', country: 'VN', params: {} });
const plain = event('plain-1', NOW - 3_600_000);
const future = event('future-1', NOW + daysMs(3));

let db: Db;
beforeAll(async () => {
  db = await openMemoryPglite();
  // The database as it stood before 0186, with two events stored the way the ingestion stored them then.
  await db.exec('CREATE TABLE schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const m of migrations.filter((m) => m.version < '0186')) {
    await db.exec(m.text);
    await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
  }
  await db.query(`INSERT INTO apps (id, name) VALUES ($1, 'Keys')`, [APP.appId]);
  await db.exec(`CREATE TABLE events_20261120 PARTITION OF events FOR VALUES FROM ('2026-11-20') TO ('2026-11-21')`);
  const received = new Date(NOW).toISOString();
  await db.query(
    `INSERT INTO events (day, app_id, os, user_id, name, event_time, received_at, event_id, app_version, sdk_version, country, flags, device_time, params)
     VALUES ('2026-11-20', $1, 1, 'k1', 'session_start', $2, $3, 'plain-1', '1.0', '4.0', 'VN', 0, NULL, '{}'),
            ('2026-11-20', $1, 1, 'k1', 'session_start', $3, $3, 'future-1', '1.0', '4.0', 'VN', 1, $4, '{}')`,
    [APP.appId, new Date(plain.time).toISOString(), received, new Date(future.time).toISOString()],
  );
  await db.query(`INSERT INTO event_keys (key) SELECT md5(app_id || ':' || event_id)::uuid FROM events`);
  await migrate(db);
}, 60_000);
afterAll(() => db?.close());

describe('migration 0186 (dedupe keys by sent day)', () => {
  it('keeps recognising resends of events stored before it, clamped ones included', async () => {
    const again = await ingestBatch(db, APP, [plain, future], NOW + 60_000);
    expect(again).toMatchObject({ accepted: 2, duplicates: 2, rejected: [] });
    const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('stores a new event once, and its resend is a duplicate', async () => {
    const fresh = event('fresh-1', NOW - 60_000);
    expect(await ingestBatch(db, APP, [fresh], NOW)).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await ingestBatch(db, APP, [fresh], NOW + 120_000)).toMatchObject({ accepted: 1, duplicates: 1 });
  });
});
