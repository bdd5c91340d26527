import { rebuildStep } from './step';

/** The day's resource events with the user-day's attributes (flow 'earn' by source, 'spend' by sink). */
const resourceEvents = (where: string) =>
  `(SELECT e.app_id, e.user_id, e.resource, e.flow, e.channel, e.amount, u.os, u.app_version, u.country
      FROM (SELECT app_id, user_id, params->>'resource' AS resource,
                   CASE WHEN name = 'resource_earn' THEN 'earn' ELSE 'spend' END AS flow,
                   CASE WHEN name = 'resource_earn' THEN params->>'source' ELSE params->>'sink' END AS channel,
                   (params->>'amount')::bigint AS amount
              FROM events WHERE ${where} AND name IN ('resource_earn', 'resource_spend')) e
      JOIN user_days u ON u.app_id = e.app_id AND u.day = $1::date AND u.user_id = e.user_id)`;

/** Amount, events and distinct players per resource, flow and source/sink. */
export const resourceFlowDaily = rebuildStep('resource_flow_daily', (s) =>
  `INSERT INTO resource_flow_daily (app_id, day, os, app_version, country, resource, flow, channel, amount, events, users)
       SELECT app_id, $1::date, os, app_version, country, resource, flow, channel, sum(amount), count(*)::int, count(DISTINCT user_id)::int
         FROM ${resourceEvents(s.where)} r
        GROUP BY app_id, os, app_version, country, resource, flow, channel`);

/** Distinct earners and spenders per resource (whatever the source or sink). */
export const resourceUsersDaily = rebuildStep('resource_users_daily', (s) =>
  `INSERT INTO resource_users_daily (app_id, day, os, app_version, country, resource, earners, spenders)
       SELECT app_id, $1::date, os, app_version, country, resource,
              count(DISTINCT user_id) FILTER (WHERE flow = 'earn')::int, count(DISTINCT user_id) FILTER (WHERE flow = 'spend')::int
         FROM ${resourceEvents(s.where)} r
        GROUP BY app_id, os, app_version, country, resource`);
