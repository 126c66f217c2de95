-- Search by words (ADR 020): a row's words as a tsvector, split exactly as common/search.ts
-- searchWordsOf splits them (same separators, words cut to 100 characters);
-- server/test/search-words.api.test.ts checks that the two agree on both databases.
CREATE OR REPLACE FUNCTION waymark_search_vector(search_text text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(
    SELECT DISTINCT left(w, 100)
    FROM regexp_split_to_table(search_text, '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f\u00a0\u00a1\u00ab\u00b7\u00bb\u00bf\u2000-\u206f\u3000-\u303f]+') AS w
    WHERE w <> ''))
$$;--> statement-breakpoint
DROP INDEX "guides_search_trgm_idx";--> statement-breakpoint
DROP INDEX "tips_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (waymark_search_vector(search_text)) STORED;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (waymark_search_vector(search_text)) STORED;--> statement-breakpoint
CREATE INDEX "guides_search_vector_idx" ON "guides" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tips_search_vector_idx" ON "tips" USING gin ("search_vector");