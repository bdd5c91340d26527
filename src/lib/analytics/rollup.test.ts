import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../server/db/migrate';
import { openMemoryPglite } from '../server/db/open';
import type { Db } from '../server/db';
import { ingestBatch } from './ingest';
import { pendingAppDays, rollupDay, rollupPending } from './rollup';
import { simulateStudio, type SimBatch } from './simulator';

/**
 * The rollups against a recomputation straight from the raw events, in SQL, on an embedded database:
 * after an incremental history (batches arriving day by day, rolled up in between, some resent, some
 * days arriving late) every rollup row equals what the raw events of its day say.
 */
let db: Db;
let batches: SimBatch[];

beforeAll(async () => {
  db = await openMemoryPglite();
  await migrate(db);
  await db.exec(`INSERT INTO apps (id, name) VALUES ('sim.a', 'A'), ('sim.b', 'B')`);
  batches = [
    ...simulateStudio({
      apps: [
        { appId: 'sim.a', platforms: [{ os: 1, key: 'ka1', share: 2 }, { os: 2, key: 'ka2', share: 1 }] },
        { appId: 'sim.b', platforms: [{ os: 3, key: 'kb3', share: 1 }] },
      ],
      users: 120,
      days: 12,
      seed: 99,
    }),
  ];
  // Days 0-5 first, rolled up; then the rest with day 3 held back and sent last (late), resending day 5.
  const dayOf = (b: SimBatch) => b.day;
  const days = [...new Set(batches.map(dayOf))].sort();
  const early = batches.filter((b) => b.day <= days[5]! && b.day !== days[3]);
  for (const b of early) await ingestBatch(db, { appId: b.appId, os: b.os }, b.events);
  await rollupPending(db);
  for (const b of batches.filter((b) => b.day > days[5]! && b.day !== days[3])) await ingestBatch(db, { appId: b.appId, os: b.os }, b.events);
  await rollupPending(db);
  for (const b of batches.filter((b) => b.day === days[3] || b.day === days[5])) await ingestBatch(db, { appId: b.appId, os: b.os }, b.events);
}, 120_000);

afterAll(async () => {
  await db.close();
});

const rows = (sql: string, params: unknown[] = []) => db.query<Record<string, unknown>>(sql, params).then((r) => r.map((x) => JSON.stringify(x)).sort());

describe('incremental rollups', () => {
  it('leave nothing pending once rolled up', async () => {
    await rollupPending(db);
    expect(await pendingAppDays(db)).toBe(0);
  });

  it('daily figures of a random day equal the raw recomputation', async () => {
    const days = (await db.query<{ day: string }>('SELECT DISTINCT day::text AS day FROM events ORDER BY 1')).map((r) => r.day);
    const day = days[Math.floor(Math.random() * days.length)]!;
    const raw = `
      WITH last AS (
        SELECT DISTINCT ON (app_id, user_id) app_id, user_id, os, app_version, country FROM events WHERE day = $1::date ORDER BY app_id, user_id, event_time DESC, event_id DESC
      ), per_user AS (
        SELECT e.app_id, e.user_id, count(*) FILTER (WHERE name = 'session_start') AS sessions, count(*) FILTER (WHERE name = 'session_end') AS ends,
               coalesce(sum((params->>'duration')::int) FILTER (WHERE name = 'session_end'), 0) AS secs,
               count(*) FILTER (WHERE name = 'ad_impression') AS imps, coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'ad_impression'), 0) AS ad,
               coalesce(sum((params->>'revenueUsdMicros')::bigint) FILTER (WHERE name = 'iap_purchase'), 0) AS iap, count(*) FILTER (WHERE name = 'iap_purchase') AS buys
          FROM events e WHERE day = $1::date GROUP BY e.app_id, e.user_id
      ), installs AS (
        SELECT DISTINCT ON (app_id, user_id) app_id, user_id, day, os, app_version, country FROM events WHERE name = 'first_open' ORDER BY app_id, user_id, event_time, event_id
      )
      SELECT app_id, os, app_version, country, sum(i)::int AS installs, sum(d)::int AS dau, sum(sessions)::int AS sessions, sum(ends)::int AS ends, sum(secs)::int AS secs,
             sum(imps)::int AS imps, sum(ad)::text AS ad, sum(iap)::text AS iap, sum(buys)::int AS buys, sum(payer)::int AS payers
        FROM (SELECT l.app_id, l.os, l.app_version, l.country, 0 AS i, 1 AS d, sessions, ends, secs, imps, ad, iap, buys, (buys > 0)::int AS payer FROM per_user p JOIN last l USING (app_id, user_id)
              UNION ALL SELECT app_id, os, app_version, country, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM installs WHERE day = $1::date) x
       GROUP BY app_id, os, app_version, country`;
    const rolled = `SELECT app_id, os, app_version, country, installs, dau, sessions, session_ends AS ends, session_seconds::int AS secs, ad_impressions AS imps,
                           ad_revenue::text AS ad, iap_revenue::text AS iap, iap_purchases AS buys, payers FROM daily_metrics WHERE day = $1::date`;
    const expected = await rows(raw, [day]);
    expect(expected.length).toBeGreaterThan(0);
    expect(await rows(rolled, [day])).toEqual(expected);
  });

  it('retention, level and level-cohort rows equal the raw recomputation on every day', async () => {
    const installs = `SELECT DISTINCT ON (app_id, user_id) app_id, user_id, day AS install_day, os, app_version, country FROM events WHERE name = 'first_open' ORDER BY app_id, user_id, event_time, event_id`;
    expect(
      await rows(`SELECT a.app_id, a.day::text, i.install_day::text, i.os, i.app_version, i.country, count(*)::int AS users
                    FROM (SELECT DISTINCT app_id, user_id, day FROM events) a JOIN (${installs}) i USING (app_id, user_id)
                   WHERE a.day BETWEEN i.install_day AND i.install_day + 30 GROUP BY 1, 2, 3, 4, 5, 6`),
    ).toEqual(await rows(`SELECT app_id, day::text, install_day::text, os, app_version, country, users FROM retention_daily`));

    const plays = `SELECT * FROM events WHERE name IN ('level_start', 'level_complete', 'level_fail')`;
    const firsts = `SELECT DISTINCT ON (app_id, user_id, params->>'mode', (params->>'level')::int) app_id, user_id, params->>'mode' AS mode, (params->>'level')::int AS level, day, os, app_version, country
                      FROM events WHERE name IN ('level_start', 'level_complete', 'level_fail') ORDER BY app_id, user_id, params->>'mode', (params->>'level')::int, event_time, event_id`;
    expect(
      await rows(`SELECT app_id, day::text, os, app_version, country, mode, level, sum(s)::int AS s, sum(c)::int AS c, sum(f)::int AS f, sum(a)::int AS a, sum(d)::int AS d, sum(r)::int AS r FROM (
                    SELECT app_id, day, os, app_version, country, params->>'mode' AS mode, (params->>'level')::int AS level, (name = 'level_start')::int AS s, (name = 'level_complete')::int AS c,
                           (name = 'level_fail')::int AS f, CASE WHEN name = 'level_complete' THEN (params->>'attempts')::int ELSE 0 END AS a,
                           CASE WHEN name = 'level_start' THEN 0 ELSE (params->>'duration')::int END AS d, 0 AS r FROM (${plays}) p
                    UNION ALL SELECT app_id, day, os, app_version, country, mode, level, 0, 0, 0, 0, 0, 1 FROM (${firsts}) f) x GROUP BY 1, 2, 3, 4, 5, 6, 7`),
    ).toEqual(
      await rows(`SELECT app_id, day::text, os, app_version, country, mode, level, starts AS s, completes AS c, fails AS f, attempts_sum::int AS a, duration_sum::int AS d, reached AS r FROM level_daily`),
    );
    expect(
      await rows(`SELECT f.app_id, f.day::text, i.install_day::text, i.os, i.app_version, i.country, f.mode, f.level, count(*)::int AS users
                    FROM (${firsts}) f JOIN (${installs}) i USING (app_id, user_id) GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`),
    ).toEqual(await rows(`SELECT app_id, day::text, install_day::text, os, app_version, country, mode, level, users FROM level_cohort`));
  });

  it('stores every event once although a day was sent twice', async () => {
    const sent = new Set(batches.flatMap((b) => b.events.map((e) => `${b.appId}|${e.id}`)));
    const stored = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(stored!.n).toBe(sent.size);
  });
});

describe('a rollup ended by a deadlock', () => {
  // A database whose transactions fail as PostgreSQL ends one of two runners that wait on each other.
  const failing = (code: string) =>
    ({ kind: 'postgres', transaction: async () => Promise.reject(Object.assign(new Error('deadlock detected'), { code })) }) as unknown as Db; // a stand-in with the two members rollup reads

  it('leaves its day for a later round (0 done) instead of failing; any other error still fails', async () => {
    expect(await rollupDay(failing('40P01'), '2026-11-01')).toBe(0);
    await expect(rollupDay(failing('23505'), '2026-11-01')).rejects.toMatchObject({ code: '23505' });
    // The day is free again for the next round in this process.
    expect(await rollupDay(failing('40P01'), '2026-11-01')).toBe(0);
  });
});
