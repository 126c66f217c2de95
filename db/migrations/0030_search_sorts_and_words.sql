CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guides_public_liked_idx" ON "guides" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "guides"."is_private" = false;--> statement-breakpoint
CREATE INDEX "guides_shared_liked_idx" ON "guides" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "guides"."visibility" = 'connections' AND "guides"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tips_public_liked_idx" ON "tips" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "tips_shared_liked_idx" ON "tips" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "tips"."visibility" = 'connections' AND "tips"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tips_public_rated_idx" ON "tips" USING btree ((COALESCE("rating", 0)) DESC,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "tips_shared_rated_idx" ON "tips" USING btree ((COALESCE("rating", 0)) DESC,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "tips"."visibility" = 'connections' AND "tips"."hidden_at" IS NULL;--> statement-breakpoint
-- The vocabulary of search words (ADR 105): every word of 3 to 40 characters of any tip's or
-- guide's search_vector. New words only, in alphabetical order: two transactions adding the same
-- new words lock them in the same order (no deadlock between them), and a word already known
-- takes no lock at all.
CREATE OR REPLACE FUNCTION waymark_search_words_add(words tsvector) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(words)) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word = w)
  ORDER BY w
  ON CONFLICT (word) DO NOTHING
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector THEN
    PERFORM waymark_search_words_add(NEW.search_vector);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tips_search_words AFTER INSERT OR UPDATE OF search_text ON tips
  FOR EACH ROW EXECUTE FUNCTION waymark_search_words_changed();--> statement-breakpoint
CREATE TRIGGER guides_search_words AFTER INSERT OR UPDATE OF search_text ON guides
  FOR EACH ROW EXECUTE FUNCTION waymark_search_words_changed();--> statement-breakpoint
-- The whole vocabulary from the rows (this migration; the bench's bulk load, which runs with
-- triggers off).
CREATE OR REPLACE FUNCTION waymark_rebuild_search_words() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT unnest(tsvector_to_array(search_vector)) AS w FROM tips
    UNION ALL
    SELECT unnest(tsvector_to_array(search_vector)) AS w FROM guides) AS words
  WHERE length(w) BETWEEN 3 AND 40
  ON CONFLICT (word) DO NOTHING
$$;--> statement-breakpoint
SELECT waymark_rebuild_search_words();
