-- The app each account last chose in a create form (issue 41): a new gift code, event, push, mail… starts on
-- it, so nobody files against an app the list happened to put first. One row per account; kept across
-- logouts and browsers (a person's habit, not a device's), dropped with the account.
CREATE TABLE account_form_app (
  account_id integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  app_id     text NOT NULL,
  chosen_at  timestamptz NOT NULL DEFAULT now()
);
