-- Technical measurements (the measurement report): every measurement event's value, by the event's own
-- os/version/country (a measurement belongs to the build that took it). Percentiles are not additive, so
-- the values are kept (narrow rows) and the report takes exact percentiles over its scope.
CREATE TABLE measurement_values (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  name         text NOT NULL,
  unit         text NOT NULL,
  value        double precision NOT NULL
);
CREATE INDEX measurement_values_idx ON measurement_values (app_id, day, name);
