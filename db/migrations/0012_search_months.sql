-- Each word of search_text tagged with the row's month in UTC, `|202611|lisbon` (ADR 020,
-- amended): a rare word's newest matches are found through these a few months at a time,
-- instead of gathering every match. A word never holds '|' (a separator), so no search of the
-- member's own words can match a tagged one. Indexed as an expression: the table stays as it was.
-- It reads search_vector, not search_text: PostgreSQL 17+ (PGlite) builds indexes with only
-- pg_catalog on the search path, where waymark_search_vector is not.
CREATE OR REPLACE FUNCTION waymark_search_months(search_vector tsvector, created_at timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(
    SELECT '|' || to_char(created_at AT TIME ZONE 'UTC', 'YYYYMM') || '|' || w
    FROM unnest(tsvector_to_array(search_vector)) AS w))
$$;--> statement-breakpoint
CREATE INDEX "guides_search_months_idx" ON "guides" USING gin (waymark_search_months(search_vector, created_at));--> statement-breakpoint
CREATE INDEX "tips_search_months_idx" ON "tips" USING gin (waymark_search_months(search_vector, created_at));