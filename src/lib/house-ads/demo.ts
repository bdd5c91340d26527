import { addDays, dayStart, reportDay } from '../time/day';
import { startSession } from '../players/service';
import type { Db } from '../server/db';
import { nowMs } from '../time/clock';
import { attributeInstalls } from './attribution';
import { serveAd, track } from './serving';

/** Simulated players a demo publisher app has each day, and the ads each asks for. */
const DEMO_PLAYERS_A_DAY = 8;
const DEMO_ASKS = 2;

/** A small deterministic hash (the demo's figures are the same on every fresh database). */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/**
 * The demo studio's house ads, seeded once with the demo data so the house-ads screens have figures on a
 * fresh database: every demo app shows house ads and is advertised by one running campaign in the others
 * (written as staff would save them), and the last 14 days are played through the real serving path — the
 * simulated players of each publisher app start SDK sessions, ask for ads (serveAd, with the caps and pacing),
 * send impression and click tokens (track), and about a third of the clickers open the advertised game on the
 * same device, whose first open is attributed (attributeInstalls) — each at its own time of that day.
 */
export async function seedDemoHouseAds(db: Db, now = nowMs()): Promise<void> {
  const existing = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM house_ad_campaigns');
  if ((existing?.n ?? 0) > 0) return;
  const apps = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps ORDER BY id');
  if (apps.length < 2) return;
  const keys = await db.query<{ app_id: string; os: number; sdk_app_key: string }>('SELECT DISTINCT ON (app_id) app_id, os, sdk_app_key FROM app_os ORDER BY app_id, os');
  const keyOf = new Map(keys.map((k) => [k.app_id, { key: k.sdk_app_key, app: { appId: k.app_id, os: Number(k.os) } }]));
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
         VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, 5000, 5, 1, 'running', 'demo')`,
        [
          `Cross-promo ${app.name}`,
          app.id,
          JSON.stringify({ android: `https://play.google.com/store/apps/details?id=${app.id}`, ios: '', webgl: '' }),
          JSON.stringify(creatives),
          // Shown in the other demo apps only (an app published later opts in by being named).
          JSON.stringify({ publisherApps: apps.filter((a) => a.id !== app.id).map((a) => a.id), os: [], countries: [], versions: [], audience: 'all' }),
          new Date(dayStart(from)).toISOString(),
          new Date(dayStart(addDays(today, 32))).toISOString(),
        ],
      );
    }
  });
  const started = Date.now();
  let served = 0;
  const countries = ['VN', 'US', 'TH', 'ID'];
  for (let d = from; d <= today; d = addDays(d, 1)) {
    for (const publisher of apps) {
      const sdk = keyOf.get(publisher.id);
      if (!sdk) continue;
      for (let p = 0; p < DEMO_PLAYERS_A_DAY; p++) {
        const seed = hash(`${publisher.id}|${d}|${p}`);
        // Each player plays at its own minute between 08:00 and 22:00 of the day; never after the real now.
        const at = Math.min(dayStart(d) + (8 * 60 + (seed % (14 * 60))) * 60_000, now - 60_000);
        const deviceId = `demo-house-${publisher.id}-${d}-${p}`;
        const session = await startSession(db, sdk.app, deviceId);
        const headers = new Headers({ 'x-sdk-key': sdk.key, 'x-player-token': session.accessToken });
        for (let a = 0; a < DEMO_ASKS; a++) {
          const ad = await serveAd(db, headers, { placement: a ? 'level_end' : 'main', format: a ? 'interstitial' : 'banner', country: countries[seed % countries.length], version: '1.0' }, at + a * 60_000);
          if (!ad || !ad.impressionToken) continue;
          served++;
          // Nine in ten shown; about one shown ad in twelve tapped.
          if ((seed >> (a + 3)) % 10 === 0) continue;
          await track(db, headers, ad.impressionToken, 'i', at + a * 60_000 + 2_000);
          if ((seed >> (a + 7)) % 12 !== 0) continue;
          await track(db, headers, ad.clickToken, 'c', at + a * 60_000 + 5_000);
          const campaign = await db.one<{ advertised_app: string }>('SELECT advertised_app FROM house_ad_campaigns WHERE id = $1', [ad.campaignId]);
          const advertised = campaign && keyOf.get(campaign.advertised_app);
          if (!advertised || (seed >> (a + 11)) % 3 !== 0) continue;
          // The same device opens the advertised game an hour later: its first open credits the click.
          const installer = await startSession(db, advertised.app, deviceId);
          await attributeInstalls(db, advertised.app.appId, [{ userId: installer.playerId, time: Math.min(at + 3_600_000, now) }]);
        }
      }
    }
  }
  console.log(`[db] seeded demo house ads: ${served} ads served through the serving API over 14 days (${Date.now() - started} ms)`);
}
