-- The tracking plan enforced by ingestion (issue 39; src/lib/config-data/tracking-plan.ts). Both tables count
-- per receive day in UTC+7, so "today" on the screens is the reporting zone's day.

-- Events dropped because the app's tracking config disables them: never stored, only counted here.
CREATE TABLE tracking_plan_drops (
  app_id   text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  day      date NOT NULL,
  -- The plan key of the event: its name, or "counter.<name>", "measurement.<name>", "funnel_step.<funnel>".
  event    text NOT NULL,
  dropped  bigint NOT NULL,
  last_at  timestamptz NOT NULL,
  PRIMARY KEY (app_id, day, event)
);

-- Events stored but flagged: not declared in the plan, or a declared parameter of another type. One row per
-- problem (the reason the SDK was told, without the value) and app version, with the latest example's params.
CREATE TABLE tracking_plan_violations (
  app_id       text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  day          date NOT NULL,
  event        text NOT NULL,
  problem      text NOT NULL,
  app_version  text NOT NULL,
  events       bigint NOT NULL,
  example      jsonb NOT NULL,
  last_at      timestamptz NOT NULL,
  PRIMARY KEY (app_id, day, event, problem, app_version)
);
