-- A keyword campaign's guessing rate (the app's wrong codes in the last hour and day) is read from the log of
-- attempts: this index holds only the wrong ones, by app and time.
CREATE INDEX gift_code_log_wrong ON gift_code_log (app_id, at) WHERE result IN ('invalid', 'wrong_app', 'rate_limited');
