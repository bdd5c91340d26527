-- App management: app attributes, OS variants with SDK app keys, versions, publish dates and pTracking.

ALTER TABLE apps ADD COLUMN icon text NOT NULL DEFAULT '';
ALTER TABLE apps ADD COLUMN game_types jsonb NOT NULL DEFAULT '[]';
ALTER TABLE apps ADD COLUMN labels jsonb NOT NULL DEFAULT '[]';
ALTER TABLE apps ADD COLUMN published boolean NOT NULL DEFAULT false;
ALTER TABLE apps ADD COLUMN show_finance boolean NOT NULL DEFAULT true;
ALTER TABLE apps ADD COLUMN report_month boolean NOT NULL DEFAULT true;
ALTER TABLE apps ADD COLUMN highlight text NOT NULL DEFAULT '';
-- The config as the editor wrote it (formatting and key order kept) and parsed, for queries.
ALTER TABLE apps ADD COLUMN config jsonb NOT NULL DEFAULT '{}';
ALTER TABLE apps ADD COLUMN config_text text NOT NULL DEFAULT '{}';
ALTER TABLE apps ADD COLUMN config_updated_at timestamptz;
CREATE INDEX apps_labels_idx ON apps USING gin (labels);
CREATE INDEX apps_game_types_idx ON apps USING gin (game_types);

-- One row per platform the app ships on: 1 Android, 2 Ios, 3 WebGL.
CREATE TABLE app_os (
  app_id      text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  os          smallint NOT NULL CHECK (os IN (1, 2, 3)),
  package_id  text NOT NULL,
  store_url   text NOT NULL DEFAULT '',
  -- Random key the game SDK sends with its event batches; unique across every app and platform.
  sdk_app_key text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, os)
);
-- A package name or bundle id belongs to one app per platform.
CREATE UNIQUE INDEX app_os_package_idx ON app_os (os, lower(package_id));

-- App versions per platform: reported by the SDK (source 'sdk', filled by the analytics ingestion) or
-- entered by hand (source 'manual').
CREATE TABLE app_versions (
  app_id      text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  os          smallint NOT NULL CHECK (os IN (1, 2, 3)),
  version     text NOT NULL,
  sdk_version text NOT NULL DEFAULT '',
  source      text NOT NULL DEFAULT 'manual' CHECK (source IN ('sdk', 'manual')),
  first_seen  timestamptz NOT NULL DEFAULT now(),
  last_seen   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, os, version)
);
CREATE INDEX app_versions_sdk_idx ON app_versions (sdk_version);

-- Publish-date history: store release dates per platform (0 = every platform), entered by hand or
-- written when the app's publish state changes.
CREATE TABLE app_publish_dates (
  id           serial PRIMARY KEY,
  app_id       text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  os           smallint NOT NULL DEFAULT 0 CHECK (os IN (0, 1, 2, 3)),
  publish_date date NOT NULL,
  version      text NOT NULL DEFAULT '',
  note         text NOT NULL DEFAULT '',
  created_by   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_publish_dates_app_idx ON app_publish_dates (app_id, publish_date DESC);

-- pTracking: the attribution/measurement partners an app reports to, per platform.
CREATE TABLE app_ptracking (
  id          serial PRIMARY KEY,
  app_id      text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  os          smallint NOT NULL DEFAULT 0 CHECK (os IN (0, 1, 2, 3)),
  partner     text NOT NULL,
  tracking_id text NOT NULL,
  events      jsonb NOT NULL DEFAULT '[]',
  enabled     boolean NOT NULL DEFAULT true,
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_ptracking_unique_idx ON app_ptracking (app_id, os, partner);
