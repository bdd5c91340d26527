-- Every write that can end or change a signed-in session tells every console process at commit, so each can
-- drop what its session cache remembers (src/lib/auth/session-cache.ts). Triggers rather than calls in the
-- services: no code path that revokes a session, deactivates an account, changes a password or edits a role
-- can forget to invalidate, and other processes on the same PostgreSQL hear it through LISTEN.
CREATE FUNCTION gsm_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('gsm_sessions', 's:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('gsm_sessions', 'a:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('gsm_sessions', 'r:' || OLD.name);
  END IF;
  RETURN NULL;
END
$$;

-- A session row changes on every refresh rotation too; only revocation and expiry matter to the cache.
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION gsm_notify_session_change();
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION gsm_notify_session_change();
CREATE TRIGGER accounts_notify AFTER UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION gsm_notify_session_change();
CREATE TRIGGER roles_notify AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION gsm_notify_session_change();
