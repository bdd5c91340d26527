-- Task quests (the taskQuest report): players per day and quest in each state, by the user-day's
-- os/version/country (the user's last event of the day, as every activity figure). A player counts once
-- per day, quest and state however many events they sent.
CREATE TABLE quest_daily (
  app_id       text NOT NULL,
  day          date NOT NULL,
  os           smallint NOT NULL,
  app_version  text NOT NULL,
  country      text NOT NULL,
  quest_id     text NOT NULL,
  started      int NOT NULL,
  progressed   int NOT NULL,
  completed    int NOT NULL,
  claimed      int NOT NULL,
  failed       int NOT NULL,
  PRIMARY KEY (app_id, day, os, app_version, country, quest_id)
);
