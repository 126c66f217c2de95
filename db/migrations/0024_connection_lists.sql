CREATE TABLE "member_connection_lists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"connection_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_connection_lists" ADD CONSTRAINT "member_connection_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each member's accepted connections as one array (ADR 098), changed with the connection row in
-- its own transaction. A pair's two rows are written in the order of their ids, so transactions
-- that touch the same members lock their rows in the same order (no deadlock between them);
-- INSERT ... ON CONFLICT and UPDATE both change the newest version of a row, so concurrent
-- changes to one member's list all land.
CREATE OR REPLACE FUNCTION waymark_connection_list_set(member uuid, other uuid, connected boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF connected THEN
    INSERT INTO member_connection_lists AS list (user_id, connection_ids) VALUES (member, ARRAY[other])
      ON CONFLICT (user_id) DO UPDATE SET connection_ids = array_append(array_remove(list.connection_ids, other), other);
  ELSE
    UPDATE member_connection_lists SET connection_ids = array_remove(connection_ids, other) WHERE user_id = member;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_connection_pair_set(a uuid, b uuid, connected boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waymark_connection_list_set(least(a, b), greatest(a, b), connected);
  PERFORM waymark_connection_list_set(greatest(a, b), least(a, b), connected);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_connection_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'accepted' THEN
      PERFORM waymark_connection_pair_set(OLD.requester_id, OLD.addressee_id, false);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'accepted' THEN
      PERFORM waymark_connection_pair_set(NEW.requester_id, NEW.addressee_id, true);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER connections_lists_added AFTER INSERT OR DELETE ON connections
  FOR EACH ROW EXECUTE FUNCTION waymark_connection_lists_changed();--> statement-breakpoint
CREATE TRIGGER connections_lists_changed AFTER UPDATE ON connections FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.requester_id IS DISTINCT FROM NEW.requester_id
        OR OLD.addressee_id IS DISTINCT FROM NEW.addressee_id)
  EXECUTE FUNCTION waymark_connection_lists_changed();--> statement-breakpoint
-- Every list written again from connections: here for the rows already there, and by the bench's
-- bulk load, which writes connections with triggers off.
CREATE OR REPLACE FUNCTION waymark_rebuild_connection_lists() RETURNS void LANGUAGE sql AS $$
  DELETE FROM member_connection_lists;
  INSERT INTO member_connection_lists (user_id, connection_ids)
  SELECT member, array_agg(other) FROM (
    SELECT requester_id AS member, addressee_id AS other FROM connections WHERE status = 'accepted'
    UNION ALL SELECT addressee_id, requester_id FROM connections WHERE status = 'accepted') AS pairs
  GROUP BY member;
$$;--> statement-breakpoint
SELECT waymark_rebuild_connection_lists();
