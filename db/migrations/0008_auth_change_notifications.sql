-- The session cache (docs/decisions/016): every process remembers which user a session cookie
-- belongs to, with their role and e-mail. These triggers NOTIFY the user's id on channel
-- waymark_auth when any of that changes, so every process forgets that user's entries. NOTIFY
-- is delivered at commit: a rolled-back change says nothing. A sliding expiry (an UPDATE of
-- sessions) needs no notice: cached entries never outlive the moment the expiry would slide.
CREATE OR REPLACE FUNCTION waymark_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('waymark_auth', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('waymark_auth', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('waymark_auth', OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION waymark_auth_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION waymark_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF email OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION waymark_user_changed();
