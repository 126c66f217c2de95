-- Live events (DECISIONS A3, docs/decisions/012): triggers write a row of "events" in the same
-- transaction as the change it announces, and every "events" row is NOTIFYed on channel
-- waymark_events. NOTIFY is delivered at commit, so a rolled-back change publishes nothing.
-- Every insert into "events" checks that the user still exists: inside a user-delete cascade the
-- deleted user is no longer visible, and an event for them would violate events_user_id_users_id_fk.

-- Notifications: statement-level, one event per recipient per statement (mark-all-read updates
-- many rows and makes one event). payload {id} for a single row, {count} for several.
CREATE OR REPLACE FUNCTION waymark_notifications_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (user_id, type, payload)
  SELECT n.user_id, 'notifications',
         CASE WHEN count(*) = 1 THEN jsonb_build_object('id', (array_agg(n.id))[1])
              ELSE jsonb_build_object('count', count(*)) END
  FROM changed_notifications n
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)
  GROUP BY n.user_id
  ORDER BY n.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_events_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS changed_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_notifications_event();--> statement-breakpoint
CREATE TRIGGER notifications_events_update AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS changed_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_notifications_event();--> statement-breakpoint

-- Connections: one event per party (old and new parties on update, the old ones on delete).
CREATE OR REPLACE FUNCTION waymark_connections_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  connection_id uuid;
  parties uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    connection_id := NEW.id;
    parties := ARRAY[NEW.requester_id, NEW.addressee_id];
  ELSIF TG_OP = 'UPDATE' THEN
    connection_id := NEW.id;
    parties := ARRAY[NEW.requester_id, NEW.addressee_id, OLD.requester_id, OLD.addressee_id];
  ELSE
    connection_id := OLD.id;
    parties := ARRAY[OLD.requester_id, OLD.addressee_id];
  END IF;
  INSERT INTO events (user_id, type, payload)
  SELECT p.party, 'connections', jsonb_build_object('id', connection_id)
  FROM (SELECT DISTINCT party FROM unnest(parties) AS party) p
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = p.party)
  ORDER BY p.party;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER connections_events AFTER INSERT OR UPDATE OR DELETE ON connections
  FOR EACH ROW EXECUTE FUNCTION waymark_connections_event();--> statement-breakpoint

-- System messages: one event for everyone (user_id null).
CREATE OR REPLACE FUNCTION waymark_system_messages_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (user_id, type, payload)
  VALUES (NULL, 'system-messages', jsonb_build_object('id', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER system_messages_events AFTER INSERT OR UPDATE OR DELETE ON system_messages
  FOR EACH ROW EXECUTE FUNCTION waymark_system_messages_event();--> statement-breakpoint

-- Every event row is announced to every app process (delivered at commit).
CREATE OR REPLACE FUNCTION waymark_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('waymark_events',
    json_build_object('id', NEW.id, 'userId', NEW.user_id, 'type', NEW.type, 'payload', NEW.payload)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION waymark_events_notify();
