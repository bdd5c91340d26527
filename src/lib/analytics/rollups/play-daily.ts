import type { Sql } from '../../server/db';
import { defineStep, type DaysScope } from './step';

/**
 * The gameplay and custom-event rollups of an app-day, in one pass over the day's partition: one
 * statement reads the day's quest, resource, counter, measurement and funnel events once (joined with the
 * user-day's attributes) and fills seven tables from that set. Six steps each scanning the partition cost as
 * much as all the other rollups together (measured on the demo studio); one scan costs about a sixth.
 *
 * Attribution (docs/metrics.md): quests, resources and counters under the user-day's os/version/country
 * (the user's last event of the day, like every activity figure); measurements and funnel steps under their
 * own event's (the build that measured; a funnel path counts under its entry event).
 */

export const PLAY_TABLES = ['quest_daily', 'resource_flow_daily', 'resource_users_daily', 'counter_daily', 'measurement_lists', 'measurement_counts', 'funnel_events'] as const;
const PLAY_EVENTS = `('task_quest', 'resource_earn', 'resource_spend', 'counter', 'measurement', 'funnel_step')`;

/** The day's events of these reports with the user-day's attributes (u_*) beside their own. */
const dayEvents = (s: DaysScope) =>
  `e AS MATERIALIZED (
     SELECT x.app_id, x.day, x.user_id, x.name, x.params, x.event_time, x.event_id, x.os, x.app_version, x.country,
            u.os AS u_os, u.app_version AS u_version, u.country AS u_country
       FROM (SELECT app_id, day, user_id, name, params, event_time, event_id, os, app_version, country FROM analytics_events WHERE ${s.where} AND name IN ${PLAY_EVENTS}) x
       JOIN user_days u ON u.app_id = x.app_id AND u.day = x.day AND u.user_id = x.user_id)`;

/** Resource events as flows: 'earn' by source, 'spend' by sink. */
const resources = `r AS (
     SELECT app_id, day, user_id, u_os, u_version, u_country, params->>'resource' AS resource,
            CASE WHEN name = 'resource_earn' THEN 'earn' ELSE 'spend' END AS flow,
            CASE WHEN name = 'resource_earn' THEN params->>'source' ELSE params->>'sink' END AS channel,
            (params->>'amount')::bigint AS amount
       FROM e WHERE name IN ('resource_earn', 'resource_spend'))`;

const quests = `q AS (
     INSERT INTO quest_daily (app_id, day, os, app_version, country, quest_id, started, progressed, completed, claimed, failed)
     SELECT app_id, day, u_os, u_version, u_country, params->>'questId',
            count(DISTINCT user_id) FILTER (WHERE params->>'state' = 'start')::int,
            count(DISTINCT user_id) FILTER (WHERE params->>'state' = 'progress')::int,
            count(DISTINCT user_id) FILTER (WHERE params->>'state' = 'complete')::int,
            count(DISTINCT user_id) FILTER (WHERE params->>'state' = 'claim')::int,
            count(DISTINCT user_id) FILTER (WHERE params->>'state' = 'fail')::int
       FROM e WHERE name = 'task_quest'
      GROUP BY app_id, day, u_os, u_version, u_country, params->>'questId')`;

const resourceFlows = `rf AS (
     INSERT INTO resource_flow_daily (app_id, day, os, app_version, country, resource, flow, channel, amount, events, users)
     SELECT app_id, day, u_os, u_version, u_country, resource, flow, channel, sum(amount), count(*)::int, count(DISTINCT user_id)::int
       FROM r GROUP BY app_id, day, u_os, u_version, u_country, resource, flow, channel)`;

/** Earners and spenders of a resource whatever the source or sink (a player may earn from two sources). */
const resourceUsers = `ru AS (
     INSERT INTO resource_users_daily (app_id, day, os, app_version, country, resource, earners, spenders)
     SELECT app_id, day, u_os, u_version, u_country, resource,
            count(DISTINCT user_id) FILTER (WHERE flow = 'earn')::int, count(DISTINCT user_id) FILTER (WHERE flow = 'spend')::int
       FROM r GROUP BY app_id, day, u_os, u_version, u_country, resource)`;

const counters = `c AS (
     INSERT INTO counter_daily (app_id, day, os, app_version, country, name, total, events, users)
     SELECT app_id, day, u_os, u_version, u_country, params->>'name', sum((params->>'value')::bigint), count(*)::int, count(DISTINCT user_id)::int
       FROM e WHERE name = 'counter' GROUP BY app_id, day, u_os, u_version, u_country, params->>'name')`;

/** Measurements as one array of values per attributes and name (migration 0188): the report reads arrays, not rows. */
const measurements = `m AS (
     INSERT INTO measurement_lists (app_id, day, os, app_version, country, name, unit, vals)
     SELECT app_id, day, os, app_version, country, params->>'name', max(params->>'unit'), array_agg((params->>'value')::double precision)
       FROM e WHERE name = 'measurement' GROUP BY app_id, day, os, app_version, country, params->>'name')`;

/** Measurements counted per name and attributes: the report's list of names, without counting every value. */
const measurementCounts = `mc AS (
     INSERT INTO measurement_counts (app_id, day, os, app_version, country, name, events)
     SELECT app_id, day, os, app_version, country, params->>'name', count(*)::int
       FROM e WHERE name = 'measurement' GROUP BY app_id, day, os, app_version, country, params->>'name')`;

/** Funnel steps in a narrow form, what players' paths are recomputed from (./funnel.ts). */
const funnelSteps = `INSERT INTO funnel_events (app_id, day, user_id, funnel, step, step_name, event_time, event_id, os, app_version, country)
     SELECT app_id, day, user_id, params->>'funnel', (params->>'step')::int, params->>'stepName', event_time, event_id, os, app_version, country
       FROM e WHERE name = 'funnel_step'`;

/** Every table's rows of the scope's app-days (grouped by app and day, so one day or a range). */
async function rebuildPlay(tx: Sql, s: DaysScope): Promise<void> {
  // Deleted first and apart: the inserts of one statement would not see its own deletions.
  for (const table of PLAY_TABLES) await tx.query(`DELETE FROM ${table} WHERE ${s.where}`, s.params);
  await tx.query(`WITH ${dayEvents(s)}, ${resources}, ${quests}, ${resourceFlows}, ${resourceUsers}, ${counters}, ${measurements}, ${measurementCounts} ${funnelSteps}`, s.params);
}

export const playDaily = defineStep({ table: PLAY_TABLES.join(', '), run: rebuildPlay, runRange: rebuildPlay });
