-- Live-ops ranking events, exp ranking and leaderboard seasons (issue 18). Templates hold the rules a designer
-- reuses; an event copies them at creation (so editing a template never changes a running event) and is then
-- played by the game through the SDK API (src/lib/live-events/sdk.ts).
CREATE TABLE live_templates (
  id             serial PRIMARY KEY,
  app_id         text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('ranking', 'season')),
  name           text NOT NULL,
  scoring        text NOT NULL CHECK (scoring IN ('best', 'latest', 'increment')),
  sort           text NOT NULL DEFAULT 'desc' CHECK (sort IN ('desc', 'asc')),
  bracket_size   integer NOT NULL CHECK (bracket_size >= 2),
  duration_hours integer NOT NULL CHECK (duration_hours > 0),
  -- [{ tier (null = every tier), from, to, rewards: [{ itemId, amount }] }]: ranges cover 1..N without gaps.
  rewards        jsonb NOT NULL DEFAULT '[]',
  -- Seasons: [{ name, promote, demote }], the top tier first.
  tiers          jsonb NOT NULL DEFAULT '[]',
  min_level      integer NOT NULL DEFAULT 0,
  min_version    text NOT NULL DEFAULT '',
  countries      jsonb NOT NULL DEFAULT '[]',
  -- Anti-cheat: the largest change one submission may make (null = no limit); negative values allowed or not.
  max_delta      bigint,
  allow_negative boolean NOT NULL DEFAULT false,
  updated_by     text NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_templates_app ON live_templates (app_id, kind);

CREATE TABLE live_events (
  id             serial PRIMARY KEY,
  template_id    integer NOT NULL REFERENCES live_templates(id),
  app_id         text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  -- exp = a ranking event whose score is the experience gained in the window (scoring increment).
  kind           text NOT NULL CHECK (kind IN ('ranking', 'exp', 'season')),
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  starts_at      timestamptz NOT NULL,
  ends_at        timestamptz NOT NULL,
  -- A cron in UTC+7: when this event ends, the next one is created at the next matching minute.
  recurrence     text,
  status         text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'ended', 'rewarded', 'cancelled')),
  scoring        text NOT NULL CHECK (scoring IN ('best', 'latest', 'increment')),
  sort           text NOT NULL CHECK (sort IN ('desc', 'asc')),
  bracket_size   integer NOT NULL CHECK (bracket_size >= 2),
  rewards        jsonb NOT NULL,
  tiers          jsonb NOT NULL DEFAULT '[]',
  min_level      integer NOT NULL DEFAULT 0,
  min_version    text NOT NULL DEFAULT '',
  countries      jsonb NOT NULL DEFAULT '[]',
  max_delta      bigint,
  allow_negative boolean NOT NULL DEFAULT false,
  -- The event this one follows (recurrence); unique, so two runners never create the same next event.
  parent_id      integer UNIQUE REFERENCES live_events(id) ON DELETE SET NULL,
  -- The first event of a recurring series (seasons keep their players' tiers per series).
  series_id      integer,
  reward_result  jsonb,
  updated_by     text NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX live_events_status ON live_events (status, starts_at);
CREATE INDEX live_events_app ON live_events (app_id, kind, status);

-- Rooms of at most bracket_size players; a season's brackets are per tier.
CREATE TABLE live_brackets (
  id        serial PRIMARY KEY,
  event_id  integer NOT NULL REFERENCES live_events(id) ON DELETE CASCADE,
  tier      integer NOT NULL DEFAULT 0,
  members   integer NOT NULL DEFAULT 0,
  CHECK (members >= 0)
);
CREATE INDEX live_brackets_open ON live_brackets (event_id, tier, id);

CREATE TABLE live_entries (
  event_id     integer NOT NULL REFERENCES live_events(id) ON DELETE CASCADE,
  player_id    text NOT NULL,
  bracket_id   integer NOT NULL REFERENCES live_brackets(id) ON DELETE CASCADE,
  tier         integer NOT NULL DEFAULT 0,
  -- null until the first score: a joined player without a score is not ranked.
  score        bigint,
  -- When the current score was reached: ties rank the earlier reach first (docs/decisions.md).
  updated_at   timestamptz,
  joined_at    timestamptz NOT NULL,
  -- Per-player submit rate: accepted submissions in the window starting at rate_window.
  rate_window  bigint NOT NULL DEFAULT 0,
  rate_count   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, player_id)
);
-- A rank is a COUNT over this index (players better than me in my bracket), never a sort per read.
CREATE INDEX live_entries_rank ON live_entries (event_id, bracket_id, score DESC, updated_at, player_id);

-- Submissions by the game's client id: a retried submission is applied once.
CREATE TABLE live_submits (
  event_id   integer NOT NULL REFERENCES live_events(id) ON DELETE CASCADE,
  player_id  text NOT NULL,
  client_id  text NOT NULL,
  value      bigint NOT NULL,
  at         timestamptz NOT NULL,
  PRIMARY KEY (event_id, player_id, client_id)
);

-- One grant per player and event (the reward run inserts with ON CONFLICT DO NOTHING); claimed once.
CREATE TABLE live_grants (
  event_id    integer NOT NULL REFERENCES live_events(id) ON DELETE CASCADE,
  player_id   text NOT NULL,
  bracket_id  integer NOT NULL,
  tier        integer NOT NULL DEFAULT 0,
  rank        integer NOT NULL,
  score       bigint NOT NULL,
  rewards     jsonb NOT NULL,
  granted_at  timestamptz NOT NULL,
  claimed_at  timestamptz,
  PRIMARY KEY (event_id, player_id)
);

-- A season series' players and their tier for the next season (moved by promote/demote at each reset).
CREATE TABLE live_season_players (
  series_id  integer NOT NULL,
  player_id  text NOT NULL,
  tier       integer NOT NULL,
  PRIMARY KEY (series_id, player_id)
);
