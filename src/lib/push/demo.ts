import { serverConfig } from '../server/config';
import { encryptSecret } from '../server/crypto';
import type { Db } from '../server/db';
import { DAY_MS, daysMs } from '../time/day';

/**
 * Demo pushes for the first two demo apps, written straight to the tables (no FCM call): FCM settings with a
 * placeholder key (it cannot sign, so even the scheduled demo push never reaches the network: it fails with
 * AUTH_FAILED when due), 40 registered devices per app, a push already sent with its delivery stats (some
 * UNREGISTERED, some opened), one cancelled and one scheduled in 30 days.
 */
const ZONES = ['Asia/Ho_Chi_Minh', 'Asia/Bangkok', 'America/New_York', 'Europe/Berlin'];
const COUNTRIES = ['VN', 'TH', 'US', 'DE'];
const DEVICES = 40;

/** Player ids of the SDK's shape (p_ + 20 base32 characters), one per demo device. */
const demoPlayer = (app: number, i: number) => `p_demopush${'abcdefghij'[app]}${String.fromCharCode(97 + (i % 26))}${'234567'[i % 6]}${'x'.repeat(9)}`;

export async function seedDemoPushes(db: Db, appIds: readonly string[], now: number): Promise<void> {
  const placeholder = JSON.stringify({ client_email: 'firebase-adminsdk-demo@demo-project.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\n(demo placeholder: set the real key file)\n-----END PRIVATE KEY-----\n' });
  await db.transaction(async (tx) => {
    for (const [a, appId] of appIds.slice(0, 2).entries()) {
      await tx.query(
        `INSERT INTO push_settings (app_id, project_id, client_email, service_account, updated_by, updated_at) VALUES ($1, $2, $3, $4, 'demo', $5) ON CONFLICT DO NOTHING`,
        [appId, `demo-${appId.split('.').pop()}-push`.slice(0, 30), 'firebase-adminsdk-demo@demo-project.iam.gserviceaccount.com', encryptSecret(placeholder, serverConfig().secretKey), new Date(now)],
      );
      for (let i = 0; i < DEVICES; i++) {
        await tx.query(
          `INSERT INTO push_devices (app_id, device_id, player_id, token, os, time_zone, app_version, country, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
          [appId, `demo-device-${a}-${i}`, demoPlayer(a, i), `demo-fcm-token-${a}-${i}-${'t'.repeat(24)}`, 1 + (i % 2), ZONES[i % 4], i % 3 ? '1.2.0' : '1.1.0', COUNTRIES[i % 4], new Date(now - (i % 10) * DAY_MS)],
        );
      }
      const pushes = [
        { title: 'Weekend event is live', body: 'Double coins all weekend: jump in!', status: 'sent', sendAt: now - daysMs(3) },
        { title: 'Maintenance notice', body: 'Servers restart at 02:00 for 15 minutes.', status: 'cancelled', sendAt: now + DAY_MS },
        { title: 'New season starts', body: 'Season 5 brings new levels and rewards.', status: 'scheduled', sendAt: now + daysMs(30) },
      ];
      for (const p of pushes) {
        const row = await tx.one<{ id: number }>(
          `INSERT INTO pushes (app_id, title, body, data, target, schedule_kind, send_at, status, targeted, created_by, created_at, cancelled_at)
           VALUES ($1, $2, $3, $4, $5, 'at', $6, $7, $8, 'admin', $9, $10) RETURNING id`,
          [appId, p.title, p.body, JSON.stringify({ deepLink: 'game://events' }), JSON.stringify({ os: 0, countries: [], versions: [], lastSeenDays: 0, playerIds: [] }), new Date(p.sendAt), p.status, DEVICES,
           new Date(Math.min(p.sendAt, now) - 3_600_000), p.status === 'cancelled' ? new Date(now - 3_600_000) : null],
        );
        for (let i = 0; i < DEVICES; i++) {
          const failed = p.status === 'sent' && i % 13 === 5;
          const status = p.status === 'sent' ? (failed ? 'failed' : 'sent') : p.status === 'cancelled' ? 'cancelled' : 'queued';
          await tx.query(
            `INSERT INTO push_deliveries (push_id, device_id, player_id, token, due_at, status, reason, attempts, message_id, sent_at, opened_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [row!.id, `demo-device-${a}-${i}`, demoPlayer(a, i), `demo-fcm-token-${a}-${i}-${'t'.repeat(24)}`, new Date(p.sendAt), status, failed ? 'UNREGISTERED' : null, status === 'sent' || failed ? 1 : 0,
             status === 'sent' ? `projects/demo/messages/0:${row!.id}${i}` : null, status === 'sent' ? new Date(p.sendAt) : null, status === 'sent' && i % 3 === 0 ? new Date(p.sendAt + 600_000) : null],
          );
        }
      }
    }
  });
}
