-- Game items (issues 18, 19): each app's item list, the vocabulary of every reward the console grants
-- (gift codes, mail attachments, event rewards). A reward names an item of its own app by item_id.
CREATE TABLE game_items (
  app_id     text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  item_id    text NOT NULL,
  name       text NOT NULL,
  kind       text NOT NULL DEFAULT 'consumable' CHECK (kind IN ('currency', 'consumable', 'booster', 'cosmetic', 'bundle')),
  -- The most one grant may carry (a typo of 1000000 gems is refused, not delivered).
  max_amount integer NOT NULL DEFAULT 1000000 CHECK (max_amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, item_id)
);
