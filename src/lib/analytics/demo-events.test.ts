import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDb } from '../server/db/memory-db.testkit';
import type { Db } from '../server/db';
import { DEMO_WRITE_EVENTS, writeDemoEvents } from './demo';
import { ingestBatch } from './ingest';
import { simulateStudio, type SimBatch } from './simulator';

/**
 * The demo studio's bulk write (writeDemoEvents: thousands of events per statement, COPYed on PGlite) leaves
 * exactly the rows the SDK endpoint's ingestion leaves for the same events. On an embedded database, or on
 * TEST_DATABASE_URL (reset first) when set.
 */
let db: Db;
const now = Date.parse('2026-11-20T15:00:00Z');
const versions = [{ version: '1.0.0', sdkVersion: '0.9.0' }, { version: '1.1.0', sdkVersion: '0.9.1' }];
const batches: SimBatch[] = [
  ...simulateStudio({
    apps: [
      { appId: 'sim.a', platforms: [{ os: 1, key: 'ka1', share: 2 }, { os: 2, key: 'ka2', share: 1 }], versions: { 1: versions, 2: versions } },
      { appId: 'sim.b', platforms: [{ os: 3, key: 'kb3', share: 1 }], versions: { 3: versions } },
    ],
    users: 200,
    days: 14,
    seed: 11,
    now,
  }),
];

/** What ingestion leaves: every event column, the dedupe keys, the versions seen, the app-days to roll up. */
async function written(): Promise<Record<string, unknown[]>> {
  return {
    events: await db.query(
      `SELECT day::text, app_id, os, user_id, name, event_time, received_at, event_id, app_version, sdk_version, country, flags, device_time, params::text
         FROM events ORDER BY app_id, event_id`,
    ),
    eventKeys: await db.query('SELECT sent_day::text, key::text FROM event_keys ORDER BY sent_day, key'),
    versions: await db.query(`SELECT app_id, os, version, sdk_version, source, first_seen, last_seen FROM app_versions ORDER BY app_id, os, version`),
    // ver counts the writes that marked a day (fewer in bulk); which app-days are dirty is what the rollup reads.
    dirty: await db.query('SELECT app_id, day::text FROM rollup_dirty ORDER BY app_id, day'),
  };
}

async function clear(): Promise<void> {
  await db.exec('TRUNCATE events, event_keys, app_versions, rollup_dirty');
}

beforeAll(async () => {
  db = await openMigratedTestDb();
  await db.exec(`INSERT INTO apps (id, name) VALUES ('sim.a', 'A'), ('sim.b', 'B')`);
}, 180_000);

afterAll(async () => {
  await db?.close();
});

describe('the demo studio writes the rows the SDK ingestion writes', () => {
  it('events, dedupe keys, app versions and dirty app-days equal, batch by batch or in bulk', async () => {
    const total = batches.reduce((n, b) => n + b.events.length, 0);
    // Enough for several bulk writes per app platform, so the bulk path (not a single SDK-sized batch) is what runs.
    expect(total).toBeGreaterThan(3 * DEMO_WRITE_EVENTS);
    let accepted = 0;
    for (const b of batches) accepted += (await ingestBatch(db, { appId: b.appId, os: b.os }, b.events, now)).accepted;
    expect(accepted).toBe(total);
    const bySdk = await written();
    expect(bySdk.events).toHaveLength(total);
    await clear();
    // A handle of its own: ingestion remembers per handle which versions it already wrote (cleared above).
    expect((await writeDemoEvents({ ...db }, batches, now)).events).toBe(total);
    const inBulk = await written();
    expect(inBulk.events).toHaveLength(total);
    for (const table of Object.keys(bySdk)) expect(JSON.stringify(inBulk[table]), table).toBe(JSON.stringify(bySdk[table]));
  }, 300_000);

  it('a second bulk write of the same events stores nothing twice', async () => {
    const before = await written();
    expect((await writeDemoEvents(db, batches, now)).events).toBe(batches.reduce((n, b) => n + b.events.length, 0));
    expect((await written()).events).toEqual(before.events);
  }, 300_000);
});
