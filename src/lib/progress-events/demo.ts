import { addDays, dayStart, reportDay, daysMs } from '../time/day';
import type { Db } from '../server/db';
import { nowMs } from '../time/clock';
import { mulberry32 } from '../random/seeded';

/**
 * The demo studio's progress event, seeded once with the demo data so the dashboard has figures on a fresh
 * database: each demo app runs "Demo pass" (started 5 days ago, ends in 9) with 4 milestones, and 120
 * simulated players earn points on the days so far (a few submissions a day each, deterministic) and claim
 * most of what they reached. Written straight into the tables, consistent with what the game API would write
 * (each player's points are the sum of their submissions).
 */
export const DEMO_PROGRESS_PLAYERS = 120;
const TRACK = [
  { threshold: 100, rewards: [{ itemId: 'coin', amount: 500 }] },
  { threshold: 300, rewards: [{ itemId: 'gem', amount: 5 }, { itemId: 'hint', amount: 2 }] },
  { threshold: 600, rewards: [{ itemId: 'life', amount: 3 }] },
  { threshold: 1000, rewards: [{ itemId: 'frame_gold', amount: 1 }] },
];

export async function seedDemoProgressEvents(db: Db, now = nowMs()): Promise<void> {
  const existing = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM progress_events');
  if ((existing?.n ?? 0) > 0) return;
  const apps = await db.query<{ id: string }>('SELECT id FROM apps ORDER BY id');
  const today = reportDay(now);
  const start = dayStart(addDays(today, -5));
  const end = dayStart(addDays(today, 9));
  await db.transaction(async (tx) => {
    for (const [a, app] of apps.entries()) {
      const event = await tx.one<{ id: number }>(
        `INSERT INTO progress_events (app_id, name, title, description, start_at, end_at, status, point_rules, max_points_per_submit, updated_by)
         VALUES ($1, 'Demo pass', 'Collect stars!', 'Win levels to earn stars and unlock rewards.', $2, $3, 'live', '{"win_level": 10, "daily_login": 5}'::jsonb, 200, 'demo') RETURNING id`,
        [app.id, new Date(start), new Date(end)],
      );
      const id = event!.id;
      for (const [i, m] of TRACK.entries()) {
        await tx.query('INSERT INTO progress_event_milestones (event_id, position, threshold, rewards) VALUES ($1, $2, $3, $4::jsonb)', [id, i + 1, m.threshold, JSON.stringify(m.rewards)]);
      }
      const rand = mulberry32(1000 + a);
      const submissions: { player_id: string; client_id: string; points: number; submitted_at: string }[] = [];
      const players: { player_id: string; points: number; joined_at: string; updated_at: string }[] = [];
      const claims: { player_id: string; position: number; rewards: unknown; claimed_at: string }[] = [];
      for (let p = 0; p < DEMO_PROGRESS_PLAYERS; p++) {
        const player = `demo-progress-${p + 1}`;
        // Players join over the first days; keen ones play more submissions a day.
        const firstDay = Math.floor(rand() * 5);
        const keen = 1 + rand() * 4;
        let total = 0;
        let first = 0;
        let last = 0;
        for (let d = firstDay; d <= 5; d++) {
          const n = Math.floor(rand() * keen * 2);
          for (let k = 0; k < n; k++) {
            const at = start + daysMs(d) + Math.floor(rand() * 86_000_000);
            if (at > now) continue;
            const pts = 10 + 10 * Math.floor(rand() * 6);
            submissions.push({ player_id: player, client_id: `demo-${d}-${k}`, points: pts, submitted_at: new Date(at).toISOString() });
            total += pts;
            first = first || at;
            last = Math.max(last, at);
          }
        }
        if (total === 0) continue;
        players.push({ player_id: player, points: total, joined_at: new Date(first).toISOString(), updated_at: new Date(last).toISOString() });
        for (const [i, m] of TRACK.entries()) {
          // Most reached milestones are claimed, a little after the last submission.
          if (total >= m.threshold && rand() < 0.8) claims.push({ player_id: player, position: i + 1, rewards: m.rewards, claimed_at: new Date(Math.min(now, last + 60_000)).toISOString() });
        }
      }
      await tx.query(
        `INSERT INTO progress_event_submissions (event_id, player_id, client_id, points, submitted_at)
         SELECT $1, x.player_id, x.client_id, x.points, x.submitted_at FROM jsonb_to_recordset($2::jsonb) AS x(player_id text, client_id text, points int, submitted_at timestamptz)`,
        [id, JSON.stringify(submissions)],
      );
      await tx.query(
        `INSERT INTO progress_event_players (event_id, player_id, points, joined_at, updated_at)
         SELECT $1, x.player_id, x.points, x.joined_at, x.updated_at FROM jsonb_to_recordset($2::jsonb) AS x(player_id text, points bigint, joined_at timestamptz, updated_at timestamptz)`,
        [id, JSON.stringify(players)],
      );
      await tx.query(
        `INSERT INTO progress_event_claims (event_id, player_id, position, rewards, claimed_at)
         SELECT $1, x.player_id, x.position, x.rewards, x.claimed_at FROM jsonb_to_recordset($2::jsonb) AS x(player_id text, position int, rewards jsonb, claimed_at timestamptz)`,
        [id, JSON.stringify(claims)],
      );
    }
  });
}
