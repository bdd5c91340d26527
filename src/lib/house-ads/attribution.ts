import { reportDay } from '../time/day';
import type { Sql } from '../server/db';
import { loadSettings } from './serving-cache';

/**
 * Credits installs: when the advertised app's first_open arrives, the last click on one of its campaigns
 * within the studio's attribution window (Setting), by the same player id or one of the player's devices, gets the install.
 * A player is credited once (later first_opens change nothing).
 */
export async function attributeInstalls(db: Sql, appId: string, opens: readonly { userId: string; time: number }[]): Promise<number> {
  let credited = 0;
  if (!opens.length) return 0;
  const { attributionWindowDays } = await loadSettings(db);
  for (const open of opens) {
    const at = new Date(open.time).toISOString();
    const rows = await db.query(
      `INSERT INTO house_ad_installs (advertised_app, user_id, serve_id, campaign_id, installed_at, day)
       SELECT $1, $2, s.serve_id, s.campaign_id, $3::timestamptz, $4::date
         FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
        WHERE c.advertised_app = $1 AND s.click_at IS NOT NULL AND s.click_at <= $3::timestamptz
          AND s.click_at > $3::timestamptz - make_interval(days => $5::int)
          AND (s.player_id = $2 OR s.device_id IN (SELECT device_id FROM player_devices WHERE app_id = $1 AND player_id = $2))
        ORDER BY s.click_at DESC LIMIT 1
       ON CONFLICT (advertised_app, user_id) DO NOTHING RETURNING serve_id`,
      [appId, open.userId, at, reportDay(open.time), attributionWindowDays],
    );
    credited += rows.length;
  }
  return credited;
}
