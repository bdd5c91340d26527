-- Funnels. funnel_events: every stored funnel_step event in a narrow form, so a player's path can be
-- recomputed without reading raw partitions of other days. funnel_users: each player's path through a
-- funnel (docs/metrics.md "Funnel"): entry (first step-0 event) day and its os/version/country, how many
-- steps were reached in order within the window, and the seconds from each step to the next.
CREATE TABLE funnel_events (
  app_id       text NOT NULL,
  day          date NOT NULL,
  user_id      text NOT NULL,
  funnel       text NOT NULL,
  step         int NOT NULL,
  step_name    text,
  event_time   timestamptz NOT NULL,
  event_id     text NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL
);
CREATE INDEX funnel_events_day_idx ON funnel_events (app_id, day);
CREATE INDEX funnel_events_user_idx ON funnel_events (app_id, user_id, funnel);

CREATE TABLE funnel_users (
  app_id       text NOT NULL,
  user_id      text NOT NULL,
  funnel       text NOT NULL,
  entry_day    date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  -- Steps reached in order (1 = entered only).
  reached      int NOT NULL,
  -- step_secs[n]: seconds from reaching step n-1 to reaching step n (n = 1 .. reached-1).
  step_secs    int[] NOT NULL,
  PRIMARY KEY (app_id, funnel, user_id)
);
CREATE INDEX funnel_users_entry_idx ON funnel_users (app_id, entry_day);
