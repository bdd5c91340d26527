import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart, reportDay } from '../time/day';
import { startSession } from '../players/service';
import { resetServerConfig } from '../server/config';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { pacedAllowance, serveAd } from './serving';

/**
 * Pacing through the real serving function with the clock injected: a paced daily cap of 240 is spread evenly
 * over the reporting day (UTC+7), so at each hour h at most ceil(240 × h / 24) ads have been served that day,
 * however many players ask.
 */

const DAILY_CAP = 240;
const HOUR = 3_600_000;
let db: Db;
const day = '2026-03-10';
const KEY = 'pacing-test-sdk-key';

const database = migratedMemoryDb(async (opened) => {
  db = opened;
  await db.query(`INSERT INTO apps (id, name) VALUES ('pace.adv', 'Advertised'), ('pace.pub', 'Publisher')`);
  await db.query(`INSERT INTO app_os (app_id, os, package_id, sdk_app_key) VALUES ('pace.pub', 1, 'pace.pub.android', $1)`, [KEY]);
  await db.query(`INSERT INTO house_ad_publishers (app_id, published, placements) VALUES ('pace.pub', true, ARRAY['main'])`);
  await db.query(
    `INSERT INTO house_ad_campaigns (name, advertised_app, store_links, creatives, targeting, start_at, end_at, daily_cap, pacing, status)
     VALUES ('paced', 'pace.adv', '{}', $1::jsonb, $2::jsonb, $3, $4, $5, true, 'running')`,
    [
      JSON.stringify([{ id: 'c1', format: 'banner', width: 320, height: 50, url: 'https://cdn.example.com/b.png' }]),
      JSON.stringify({ publisherApps: [], os: [], countries: [], versions: [], audience: 'all' }),
      new Date(dayStart(addDays(day, -1))).toISOString(),
      new Date(dayStart(addDays(day, 2))).toISOString(),
      DAILY_CAP,
    ],
  );
});

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'pacing-test-session-secret-0123456789abcdef';
  process.env.CONFIG_SECRET_KEY ??= 'pacing-test-config-secret-0123456789abcdef';
  resetServerConfig();
});

describe('pacing: a daily cap spread evenly over the day', () => {
  it('allows ceil(cap × elapsed share of the day), at least one', () => {
    expect(pacedAllowance(DAILY_CAP, dayStart(day))).toBe(1);
    expect(pacedAllowance(DAILY_CAP, dayStart(day) + 6 * HOUR)).toBe(60);
    expect(pacedAllowance(DAILY_CAP, dayStart(day) + 6 * HOUR + 1)).toBe(61);
    expect(pacedAllowance(DAILY_CAP, dayStart(day) + 24 * HOUR - 1)).toBe(DAILY_CAP);
  });

  it('serves, at several times of the day, no more than the even share so far — and all of it when asked enough', async () => {
    expect(database()).toBe(db);
    const players = await Promise.all(Array.from({ length: 10 }, (_, i) => startSession(db, { appId: 'pace.pub', os: 1 }, `pace-device-${i}`)));
    let served = 0;
    const seen: Record<string, number> = {};
    for (const hour of [1, 3, 6, 12, 18, 23.99, 24.5]) {
      const now = dayStart(day) + hour * HOUR;
      // More asks than the share can allow at this time: 40 ads of headroom past what the share adds.
      for (let i = 0; i < 70; i++) {
        const player = players[i % players.length]!;
        const headers = new Headers({ 'x-sdk-key': KEY, 'x-player-token': player.accessToken });
        if (await serveAd(db, headers, { placement: 'main', format: 'banner' }, now)) served++;
      }
      const today = reportDay(now);
      seen[hour] = today === day ? served : served - DAILY_CAP;
    }
    // Even share: 240 × h / 24 = 10 an hour; every time asked more than the share grew, so served = the share.
    expect(seen).toEqual({ 1: 10, 3: 30, 6: 60, 12: 120, 18: 180, 23.99: 240, 24.5: 5 });
    const perDay = await db.query<{ day: string; served: number }>(`SELECT day::text, served FROM house_ad_day_counts ORDER BY day`);
    expect(perDay).toEqual([{ day, served: DAILY_CAP }, { day: addDays(day, 1), served: 5 }]);
  }, 60_000);
});
