-- Chart annotations: a date marked on an app ("2.4 released"), drawn on every analytics chart of that app.
CREATE TABLE analytic_notes (
  id          bigserial PRIMARY KEY,
  app_id      text NOT NULL,
  day         date NOT NULL,
  note        text NOT NULL,
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytic_notes_app_day_idx ON analytic_notes (app_id, day);
