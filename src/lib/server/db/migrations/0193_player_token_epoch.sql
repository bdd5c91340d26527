-- A device's session generation (issue 38): every player access token carries the generation it was issued in,
-- and ending the device's sessions (a spent refresh token presented again, a relinked device) moves it on, so an
-- access token already issued stops working at once instead of living out its 15 minutes.
ALTER TABLE player_devices ADD COLUMN token_epoch integer NOT NULL DEFAULT 0;
