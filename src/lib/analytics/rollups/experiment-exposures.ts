import { rebuildStep } from './step';

/**
 * The A/B reports' exposures (migration 0179): per experiment, player and (os, app version, country) of the
 * day, the earliest exposure event (event time, then event id) and its variant. Grouping by the attributes the
 * reports filter on keeps their definition exact: a player's earliest row among those in the range and filters
 * is their earliest matching exposure event (docs/metrics.md, "A/B tests"). The partial index
 * events_experiment_exposure finds the day's exposure events.
 */
export const experimentExposures = rebuildStep('experiment_exposures', (s) =>
  `INSERT INTO experiment_exposures (app_id, experiment, day, user_id, os, app_version, country, event_time, event_id, variant)
   SELECT DISTINCT ON (app_id, day, params->>'experiment', user_id, os, app_version, country)
          app_id, params->>'experiment', day, user_id, os, app_version, country, event_time, event_id, params->>'variant'
     FROM analytics_events
    WHERE ${s.where} AND name = 'experiment_exposure' AND params->>'experiment' IS NOT NULL
    ORDER BY app_id, day, params->>'experiment', user_id, os, app_version, country, event_time, event_id`);
