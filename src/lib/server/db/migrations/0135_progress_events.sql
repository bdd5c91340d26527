-- Progress events (issue 18, item 3): a pass-like track of milestones of points, each with rewards, over a
-- scheduled window. Players earn points through the game SDK; a milestone reached can be claimed once.
CREATE TABLE progress_events (
  id                  serial PRIMARY KEY,
  app_id              text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  name                text NOT NULL,
  -- What the game shows: a title and a description (editable while live).
  title               text NOT NULL DEFAULT '',
  description         text NOT NULL DEFAULT '',
  start_at            timestamptz NOT NULL,
  end_at              timestamptz NOT NULL CHECK (end_at > start_at),
  status              text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'live', 'ended', 'cancelled')),
  -- Entry rules: lowest player level and app version, countries (empty = all).
  min_level           integer NOT NULL DEFAULT 0 CHECK (min_level >= 0),
  min_version         text NOT NULL DEFAULT '',
  countries           jsonb NOT NULL DEFAULT '[]',
  -- Optional points per action ({ "win_level": 10 }): a submission may name an action instead of points.
  point_rules         jsonb NOT NULL DEFAULT '{}',
  -- Anti-cheat: the most points one submission may carry.
  max_points_per_submit integer NOT NULL DEFAULT 1000 CHECK (max_points_per_submit > 0),
  updated_by          text NOT NULL,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX progress_events_app_window ON progress_events (app_id, start_at, end_at);
CREATE INDEX progress_events_status ON progress_events (status, start_at, end_at);

-- Milestones: 1-based position, strictly ascending thresholds, rewards in the one reward shape
-- ([{ itemId, amount }], src/lib/rewards/items.ts).
CREATE TABLE progress_event_milestones (
  event_id   integer NOT NULL REFERENCES progress_events(id) ON DELETE CASCADE,
  position   integer NOT NULL CHECK (position >= 1),
  threshold  integer NOT NULL CHECK (threshold > 0),
  rewards    jsonb NOT NULL,
  PRIMARY KEY (event_id, position)
);

-- One row per player of an event: the points so far.
CREATE TABLE progress_event_players (
  event_id   integer NOT NULL REFERENCES progress_events(id) ON DELETE CASCADE,
  player_id  text NOT NULL,
  points     bigint NOT NULL DEFAULT 0,
  joined_at  timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, player_id)
);
CREATE INDEX progress_event_players_points ON progress_event_players (event_id, points);

-- Every accepted submission; (event, player, client_id) makes a retried submission a no-op.
CREATE TABLE progress_event_submissions (
  event_id     integer NOT NULL REFERENCES progress_events(id) ON DELETE CASCADE,
  player_id    text NOT NULL,
  client_id    text NOT NULL,
  points       integer NOT NULL CHECK (points > 0),
  action       text,
  submitted_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, player_id, client_id)
);
CREATE INDEX progress_event_submissions_time ON progress_event_submissions (event_id, player_id, submitted_at);

-- A milestone's rewards, claimed once per player (delivery to the mailbox is wired later: delivered_at).
CREATE TABLE progress_event_claims (
  event_id     integer NOT NULL REFERENCES progress_events(id) ON DELETE CASCADE,
  player_id    text NOT NULL,
  position     integer NOT NULL,
  rewards      jsonb NOT NULL,
  claimed_at   timestamptz NOT NULL,
  delivered_at timestamptz,
  PRIMARY KEY (event_id, player_id, position)
);
