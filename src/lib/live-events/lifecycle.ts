import type { Actor } from '../auth/types';
import { nextRun } from '../jobs/cron';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { conflict } from '../server/errors';
import { nowMs } from '../time/clock';
import { REPORT_TIME_ZONE } from '../time/zone';
import type { EventKind, LiveEvent } from './contract';
import { EVENT_COLUMNS, EVENT_FROM, requireEvent, toEvent, type EventRow } from './service';

/**
 * An event's life, moved by the `live_events` job (leased, so one process runs it at a time) and by the
 * console's "Reward now": scheduled → live at its start, live → ended at its end (a recurring event then
 * creates the next one), ended → rewarded by the reward run, which grants each ranked player once.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** SQL ordering of a bracket's ranking: better score first, then the earlier reach, then the player id (docs/decisions.md). */
export const rankOrder = (sort: 'desc' | 'asc', alias = '') => `${alias}score ${sort === 'asc' ? 'ASC' : 'DESC'}, ${alias}updated_at ASC, ${alias}player_id ASC`;

/** One pass of the job at `now`: transitions due, next events of recurring ones, reward runs of ended ones. */
export async function tickLiveEvents(db: Db, now = nowMs()): Promise<string> {
  const at = iso(now);
  const started = await db.query<{ id: number }>(
    `UPDATE live_events SET status = 'live', updated_at = $1::timestamptz WHERE status = 'scheduled' AND starts_at <= $1::timestamptz AND ends_at > $1::timestamptz RETURNING id`,
    [at],
  );
  const ended = await db.query<{ id: number }>(
    `UPDATE live_events SET status = 'ended', updated_at = $1::timestamptz WHERE status IN ('scheduled', 'live') AND ends_at <= $1::timestamptz RETURNING id`,
    [at],
  );
  let next = 0;
  // Every ended recurring event without its follower (also one a crashed pass left), not only those ended now.
  const recurring = await db.query<{ id: number; recurrence: string; starts_at: Date; ends_at: Date }>(
    `SELECT e.id, e.recurrence, e.starts_at, e.ends_at FROM live_events e
      WHERE e.status IN ('ended', 'rewarded') AND e.recurrence IS NOT NULL AND NOT EXISTS (SELECT 1 FROM live_events n WHERE n.parent_id = e.id)`,
  );
  for (const e of recurring) if (await createNext(db, e)) next++;
  let rewarded = 0;
  const due = await db.query<{ id: number }>(`SELECT id FROM live_events WHERE status = 'ended' ORDER BY ends_at, id`);
  for (const e of due) if (await rewardRun(db, e.id, now)) rewarded++;
  return `${started.length} started, ${ended.length} ended, ${next} next event(s) created, ${rewarded} reward run(s)`;
}

/** The follower of a recurring event: same rules and length, starting at the schedule's first minute from its end. */
async function createNext(db: Sql, e: { id: number; recurrence: string; starts_at: Date; ends_at: Date }): Promise<boolean> {
  const endMs = new Date(e.ends_at).getTime();
  let start: number;
  try {
    start = nextRun(e.recurrence, REPORT_TIME_ZONE, new Date(endMs - 1)).getTime();
  } catch {
    return false; // a schedule that never matches again ends the series
  }
  const length = endMs - new Date(e.starts_at).getTime();
  const row = await db.one<{ id: number }>(
    `INSERT INTO live_events (template_id, app_id, kind, name, description, starts_at, ends_at, recurrence, scoring, sort, bracket_size, rewards, tiers, min_level,
                              min_version, countries, max_delta, max_score, allow_negative, parent_id, series_id, updated_by, updated_at)
     SELECT template_id, app_id, kind, name, description, $2::timestamptz, $3::timestamptz, recurrence, scoring, sort, bracket_size, rewards, tiers, min_level,
            min_version, countries, max_delta, max_score, allow_negative, id, coalesce(series_id, id), 'scheduler', $4::timestamptz
       FROM live_events WHERE id = $1
     ON CONFLICT (parent_id) DO NOTHING RETURNING id`,
    [e.id, iso(start), iso(start + length), iso(nowMs())],
  );
  return Boolean(row);
}

/**
 * The reward run of one ended event, in one transaction: the event row is locked and must still be `ended`
 * (a second runner waits, then finds it rewarded and does nothing); each ranked player whose rank falls in a
 * range of the table (of their tier, for a season) gets one grant row (the key event+player, ON CONFLICT DO
 * NOTHING); a season's players move tiers by the promote/demote counts. Answers false when there was nothing to do.
 */
export async function rewardRun(db: Db, id: number, now = nowMs()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const event = await tx.one<{ id: number; sort: 'desc' | 'asc'; rewards: unknown; tiers: { promote: number; demote: number }[]; kind: EventKind; series_id: number | null }>(
      `SELECT id, sort, rewards, tiers, kind, series_id FROM live_events WHERE id = $1 AND status = 'ended' FOR UPDATE`,
      [id],
    );
    if (!event) return false;
    const ranked = `SELECT x.player_id, x.bracket_id, x.tier, x.score, row_number() OVER (PARTITION BY x.bracket_id ORDER BY ${rankOrder(event.sort, 'x.')}) AS rnk,
                           count(*) OVER (PARTITION BY x.bracket_id) AS n
                      FROM live_entries x WHERE x.event_id = $1 AND x.score IS NOT NULL`;
    const granted = await tx.query<{ player_id: string }>(
      `INSERT INTO live_grants (event_id, player_id, bracket_id, tier, rank, score, rewards, granted_at)
       SELECT $1, r.player_id, r.bracket_id, r.tier, r.rnk, r.score, range.value -> 'rewards', $3::timestamptz
         FROM (${ranked}) r
         JOIN LATERAL (SELECT value FROM jsonb_array_elements($2::jsonb) AS value
                        WHERE (value ->> 'from')::int <= r.rnk AND (value ->> 'to')::int >= r.rnk
                          AND (jsonb_typeof(value -> 'tier') <> 'number' OR (value ->> 'tier')::int = r.tier)
                        LIMIT 1) range ON true
       ON CONFLICT (event_id, player_id) DO NOTHING RETURNING player_id`,
      [id, JSON.stringify(event.rewards), iso(now)],
    );
    const players = await tx.one<{ n: string }>('SELECT count(*) AS n FROM live_entries WHERE event_id = $1 AND score IS NOT NULL', [id]);
    if (event.kind === 'season' && event.tiers.length > 1) {
      // Promotion wins over demotion in a bracket too small for both; the top tier promotes none, the bottom demotes none.
      await tx.query(
        `INSERT INTO live_season_players (series_id, player_id, tier)
         SELECT $2, r.player_id,
                CASE WHEN r.tier > 0 AND r.rnk <= ($3::jsonb -> r.tier ->> 'promote')::int THEN r.tier - 1
                     WHEN r.tier < $4 AND r.rnk > r.n - ($3::jsonb -> r.tier ->> 'demote')::int THEN r.tier + 1
                     ELSE r.tier END
           FROM (${ranked}) r
         ON CONFLICT (series_id, player_id) DO UPDATE SET tier = EXCLUDED.tier`,
        [id, event.series_id ?? id, JSON.stringify(event.tiers), event.tiers.length - 1],
      );
    }
    const result = { players: Number(players!.n), granted: granted.length, at: iso(now) };
    await tx.query(`UPDATE live_events SET status = 'rewarded', reward_result = $2::jsonb, updated_at = $3::timestamptz WHERE id = $1`, [id, JSON.stringify(result), iso(now)]);
    return true;
  });
}

/** "Reward now" from the console: the same run, for an event that has ended; audited. */
export async function rewardNow(db: Db, actor: Actor, kind: EventKind, id: number): Promise<LiveEvent> {
  const event = await requireEvent(db, actor.account, kind, id);
  const now = nowMs();
  if (event.status === 'scheduled' || event.status === 'live') {
    if (new Date(event.ends_at).getTime() > now) throw conflict(`"${event.name}" has not ended yet; rewards go out after its end.`);
    await db.query(`UPDATE live_events SET status = 'ended', updated_at = $2::timestamptz WHERE id = $1 AND status IN ('scheduled', 'live')`, [id, iso(now)]);
  } else if (event.status !== 'ended' && event.status !== 'rewarded') {
    throw conflict(`"${event.name}" was cancelled; it has no rewards.`);
  }
  const ran = await rewardRun(db, id, now);
  const after = (await db.one<EventRow>(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = $1`, [id]))!;
  if (ran) {
    await auditAs(db, actor, { action: 'reward', entity: 'live_event', entityId: id, before: { status: 'ended' }, after: { status: 'rewarded', rewardResult: after.reward_result } });
  }
  return toEvent(after);
}
