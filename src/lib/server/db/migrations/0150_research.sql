-- Research notes (issue 20 item 5): a title, a markdown body (rendered and sanitised by the server on read),
-- tags, linked apps and S3 attachment links. Every save keeps the previous state in research_note_versions.
CREATE TABLE research_notes (
  id          serial PRIMARY KEY,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  tags        text[] NOT NULL DEFAULT '{}',
  app_ids     text[] NOT NULL DEFAULT '{}',
  attachments text[] NOT NULL DEFAULT '{}',
  author      text NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  updated_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX research_notes_updated_idx ON research_notes (updated_at DESC, id DESC);

-- One row per replaced state: version n is what the note was before its save to n + 1.
CREATE TABLE research_note_versions (
  note_id     integer NOT NULL REFERENCES research_notes(id) ON DELETE CASCADE,
  version     integer NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL,
  tags        text[] NOT NULL,
  app_ids     text[] NOT NULL,
  attachments text[] NOT NULL,
  saved_by    text NOT NULL,
  saved_at    timestamptz NOT NULL,
  PRIMARY KEY (note_id, version)
);
