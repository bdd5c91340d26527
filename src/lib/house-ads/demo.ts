import { addDays, reportDay } from '../analytics/day';
import type { Db } from '../server/db';
import { nowMs } from '../time/clock';

/**
 * The demo studio's house ads, seeded once with the demo data so the house-ads screens have figures on a
 * fresh database: every demo app shows house ads, each app is advertised by one running campaign in the
 * others, and the last 14 days hold served ads, impressions, clicks (1 in 12) and installs (about a third of
 * the clicks). Written straight into the tables (deterministic counts), not through the serving API.
 */
export async function seedDemoHouseAds(db: Db, now = nowMs()): Promise<void> {
  const existing = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM house_ad_campaigns');
  if ((existing?.n ?? 0) > 0) return;
  const apps = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps ORDER BY id');
  if (apps.length < 2) return;
  const today = reportDay(now);
  const from = addDays(today, -13);
  await db.transaction(async (tx) => {
    for (const app of apps) {
      await tx.query(`INSERT INTO house_ad_publishers (app_id, published, placements) VALUES ($1, true, ARRAY['main', 'level_end']) ON CONFLICT DO NOTHING`, [app.id]);
      const slug = app.id.split('.').pop();
      const creatives = [
        { id: `demo-${slug}-b`, format: 'banner', width: 320, height: 50, url: `https://cdn.example.com/house/${slug}-banner.png` },
        { id: `demo-${slug}-i`, format: 'interstitial', width: 1080, height: 1920, url: `https://cdn.example.com/house/${slug}-interstitial.mp4` },
      ];
      await tx.query(
        `INSERT INTO house_ad_campaigns (name, advertised_app, store_links, creatives, targeting, start_at, end_at, daily_cap, frequency_cap, weight, status, created_by)
         VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, ($6::date + time '00:00') - interval '7 hours', ($7::date + time '00:00') - interval '7 hours', 5000, 5, 1, 'running', 'demo')`,
        [
          `Cross-promo ${app.name}`,
          app.id,
          JSON.stringify({ android: `https://play.google.com/store/apps/details?id=${app.id}`, ios: '', webgl: '' }),
          JSON.stringify(creatives),
          // Shown in the other demo apps only (an app published later opts in by being named).
          JSON.stringify({ publisherApps: apps.filter((a) => a.id !== app.id).map((a) => a.id), os: [], countries: [], versions: [], audience: 'all' }),
          from,
          addDays(today, 31),
        ],
      );
    }
    // 20–59 impressions a day for each campaign in each other app; each ad shown at 10:00 UTC+7 of its day.
    await tx.query(
      `INSERT INTO house_ad_serves (serve_id, campaign_id, creative_id, publisher_app, placement, player_id, device_id, day, served_at, impression_at, impression_day, click_at, click_day)
       SELECT 'demo-' || c.id || '-' || p.app_id || '-' || d.day || '-' || g, c.id, c.creatives->0->>'id', p.app_id, 'main',
              'demo-player-' || g, 'demo-device-' || c.id || '-' || p.app_id || '-' || d.day || '-' || g, d.day, d.at, d.at, d.day,
              CASE WHEN g % 12 = 0 THEN d.at + interval '5 seconds' END, CASE WHEN g % 12 = 0 THEN d.day END
         FROM house_ad_campaigns c
         JOIN house_ad_publishers p ON p.app_id <> c.advertised_app
        CROSS JOIN LATERAL (SELECT s::date AS day, (s::date + time '03:00')::timestamp AT TIME ZONE 'UTC' AS at FROM generate_series($1::date, $2::date, interval '1 day') s) d
        CROSS JOIN LATERAL generate_series(1, 20 + abs(hashtext(c.id || p.app_id || d.day::text)) % 40) g`,
      [from, today],
    );
    await tx.query(
      `INSERT INTO house_ad_installs (advertised_app, user_id, serve_id, campaign_id, installed_at, day)
       SELECT c.advertised_app, 'demo-installer-' || s.serve_id, s.serve_id, s.campaign_id, s.click_at + interval '1 hour', s.click_day
         FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
        WHERE s.click_at IS NOT NULL AND abs(hashtext(s.serve_id)) % 3 = 0`,
    );
    await tx.query(`UPDATE house_ad_campaigns c SET served_total = (SELECT count(*) FROM house_ad_serves s WHERE s.campaign_id = c.id)`);
    await tx.query(`INSERT INTO house_ad_day_counts (campaign_id, day, served) SELECT campaign_id, day, count(*) FROM house_ad_serves GROUP BY campaign_id, day`);
  });
}
