-- Players of the studio's games as the SDK knows them (player sessions): a player belongs to one app, is
-- created by its first device, and is what the game-facing APIs (cloud save, gift codes, mail, live events)
-- act on, through a signed player token rather than a bare user id.
CREATE TABLE players (
  app_id       text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  -- Minted by the server ("p_" + 20 base32 characters); the game sends it as the events' userId.
  player_id    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Test players (the test screens) are left out of every report.
  is_test      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (app_id, player_id)
);

-- A device belongs to at most one player of an app; a player may have several devices (linked by a code).
CREATE TABLE player_devices (
  app_id       text NOT NULL,
  device_id    text NOT NULL,
  player_id    text NOT NULL,
  os           smallint NOT NULL,
  bound_at     timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, device_id),
  FOREIGN KEY (app_id, player_id) REFERENCES players(app_id, player_id) ON DELETE CASCADE
);
CREATE INDEX player_devices_player ON player_devices (app_id, player_id);

-- Refresh tokens of player sessions, stored as SHA-256 digests; rotated on use. A rotated token presented
-- again ends every session of that device (a copy is in other hands).
CREATE TABLE player_refresh_tokens (
  token_hash  text PRIMARY KEY,
  app_id      text NOT NULL,
  player_id   text NOT NULL,
  device_id   text NOT NULL,
  expires_at  timestamptz NOT NULL,
  rotated_at  timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (app_id, player_id) REFERENCES players(app_id, player_id) ON DELETE CASCADE
);
CREATE INDEX player_refresh_tokens_device ON player_refresh_tokens (app_id, device_id);

-- One-time codes that link another device to a player (stored as digests, short-lived).
CREATE TABLE player_link_codes (
  code_hash  text PRIMARY KEY,
  app_id     text NOT NULL,
  player_id  text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  FOREIGN KEY (app_id, player_id) REFERENCES players(app_id, player_id) ON DELETE CASCADE
);

-- The player's cloud save: one JSON document per player and app, versioned for optimistic concurrency.
CREATE TABLE player_data (
  app_id     text NOT NULL,
  player_id  text NOT NULL,
  version    integer NOT NULL,
  data       jsonb NOT NULL,
  -- "sdk" or the staff username that last wrote it.
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, player_id),
  FOREIGN KEY (app_id, player_id) REFERENCES players(app_id, player_id) ON DELETE CASCADE
);
