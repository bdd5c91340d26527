-- A/B experiments of an app (the A/B manager, /gsm/a_b_test/manager). Variants are [{ key, weight }] with
-- weights summing to 100, the first being the control; the audience narrows who is assigned (empty = all).
-- Who was exposed is not stored here: the SDK's experiment_exposure events say it (only exposed players count).
CREATE TABLE experiments (
  id                serial PRIMARY KEY,
  app_id            text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  name              text NOT NULL,
  variants          jsonb NOT NULL,
  -- Audience: platform (0 = all), countries (empty = all), lowest app version, new players only.
  os                smallint NOT NULL DEFAULT 0,
  countries         jsonb NOT NULL DEFAULT '[]',
  min_version       text NOT NULL DEFAULT '',
  new_players_only  boolean NOT NULL DEFAULT false,
  -- Days of the reporting time zone (UTC+7), both included; end_day null = until stopped.
  start_day         date NOT NULL,
  end_day           date,
  status            text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
  started_at        timestamptz,
  stopped_at        timestamptz,
  updated_by        text NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experiments_app_status ON experiments (app_id, status);

-- The A/B reports find an experiment's exposures by app, experiment and day.
CREATE INDEX events_experiment_exposure ON events (app_id, (params->>'experiment'), day) WHERE name = 'experiment_exposure';
