CREATE TABLE "visibility_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL,
	"last_transaction" bigint
);
--> statement-breakpoint
-- Who sees what changed (ADR 097): count the transaction once, at its commit. Deferred, so the
-- row is locked only while the transaction commits, after every other lock it takes (no
-- deadlock through it), and the new count becomes visible with the changes themselves.
INSERT INTO "visibility_epoch" ("id", "changes") VALUES (1, 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_visibility_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE visibility_epoch SET changes = changes + 1, last_transaction = txid_current()
    WHERE id = 1 AND last_transaction IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tips_visibility_added AFTER INSERT OR DELETE ON tips
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tips_visibility_changed AFTER UPDATE ON tips
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
        OR OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.country IS DISTINCT FROM NEW.country OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER guides_visibility_added AFTER INSERT OR DELETE ON guides
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER guides_visibility_changed AFTER UPDATE ON guides
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER blocks_visibility_changed AFTER INSERT OR UPDATE OR DELETE ON blocks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER connections_visibility_added AFTER INSERT OR DELETE ON connections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER connections_visibility_changed AFTER UPDATE ON connections
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.requester_id IS DISTINCT FROM NEW.requester_id
        OR OLD.addressee_id IS DISTINCT FROM NEW.addressee_id)
  EXECUTE FUNCTION waymark_visibility_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_suspensions_visibility_changed AFTER INSERT OR UPDATE OR DELETE ON member_suspensions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION waymark_visibility_changed();
