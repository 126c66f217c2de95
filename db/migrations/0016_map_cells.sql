-- The map (issue 22, ADR 062). A tip's point becomes a Web Mercator grid cell at level 24 (2^24
-- columns and rows), stored as one Z-order number: the cell of any coarser level L is the range
-- of numbers sharing its top 2L bits, so "the tips of this cell" is one index range.
-- Plain SQL, no PostGIS: PGlite runs it too.
CREATE OR REPLACE FUNCTION waymark_map_x(lng double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(16777215, greatest(0, floor((lng + 180) / 360 * 16777216)))::integer $$;--> statement-breakpoint
-- Web Mercator's y, as the map draws it; the poles beyond 85.0511° are clamped to the edge.
CREATE OR REPLACE FUNCTION waymark_map_y(lat double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT least(16777215, greatest(0, floor(
          (1 - ln(tan(radians(c)) + 1 / cos(radians(c))) / pi()) / 2 * 16777216)))::integer
        FROM (SELECT least(85.0511287798, greatest(-85.0511287798, lat)) AS c) clamped $$;--> statement-breakpoint
-- Spreads a 24-bit number's bits to the even positions of a bigint (the Z-order interleave),
-- by the usual shift-and-mask steps (masks 0x0000FFFF0000FFFF, 0x00FF00FF00FF00FF, 0x0F0F...,
-- 0x3333..., 0x5555... written in decimal: PostgreSQL 15 has no hexadecimal literals).
CREATE OR REPLACE FUNCTION waymark_spread_bits(v bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s5 FROM
          (SELECT (v | (v << 16)) & 281470681808895 AS s1) a,
          LATERAL (SELECT (s1 | (s1 << 8)) & 71777214294589695 AS s2) b,
          LATERAL (SELECT (s2 | (s2 << 4)) & 1085102592571150095 AS s3) c,
          LATERAL (SELECT (s3 | (s3 << 2)) & 3689348814741910323 AS s4) d,
          LATERAL (SELECT (s4 | (s4 << 1)) & 6148914691236517205 AS s5) e $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_map_cell(lat double precision, lng double precision) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN lat IS NULL OR lng IS NULL THEN NULL
               ELSE waymark_spread_bits(waymark_map_x(lng)) | (waymark_spread_bits(waymark_map_y(lat)) << 1) END $$;--> statement-breakpoint
CREATE TABLE "tip_map_cells" (
	"level" smallint NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"country" text NOT NULL,
	"tips_count" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "tip_map_cells_level_x_y_country_pk" PRIMARY KEY("level","x","y","country")
);
--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "location_precision" text;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "map_cell" bigint GENERATED ALWAYS AS (waymark_map_cell(latitude, longitude)) STORED;--> statement-breakpoint
CREATE INDEX "tip_map_cells_empty_idx" ON "tip_map_cells" USING btree ("level") WHERE "tip_map_cells"."tips_count" = 0;--> statement-breakpoint
CREATE INDEX "tips_public_map_cell_idx" ON "tips" USING btree ("map_cell") WHERE "tips"."is_private" = false AND "tips"."map_cell" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tips_unlocated_idx" ON "tips" USING btree ("id") WHERE "tips"."location_precision" IS NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_location_valid" CHECK (("tips"."latitude" IS NULL) = ("tips"."longitude" IS NULL)
        AND ("tips"."latitude" IS NULL OR ("tips"."latitude" BETWEEN -90 AND 90 AND "tips"."longitude" BETWEEN -180 AND 180))
        AND ("tips"."location_precision" IS NULL OR "tips"."location_precision" IN ('exact', 'city', 'pin', 'none'))
        AND (("tips"."latitude" IS NULL) = ("tips"."location_precision" IS NULL OR "tips"."location_precision" = 'none')));--> statement-breakpoint
-- tip_map_cells keeps, per level 2..20, cell and country, how many public located tips lie there
-- and the sums of their coordinates (the cluster's centre is the mean). Rows change in the same
-- transaction as the tips; each change writes its cells in key order, so two writers lock them
-- in the same order. A cell whose count falls to 0 is deleted.
CREATE OR REPLACE FUNCTION waymark_map_cells_apply(lats double precision[], lngs double precision[],
    countries text[], signs integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO tip_map_cells AS c (level, x, y, country, tips_count, latitude_sum, longitude_sum)
  SELECT l.level, waymark_map_x(d.lng) >> (24 - l.level), waymark_map_y(d.lat) >> (24 - l.level), d.country,
         sum(d.sign), sum(d.sign * d.lat), sum(d.sign * d.lng)
  FROM unnest(lats, lngs, countries, signs) AS d(lat, lng, country, sign)
  CROSS JOIN generate_series(2, 20) AS l(level)
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.sign) <> 0 OR sum(d.sign * d.lat) <> 0 OR sum(d.sign * d.lng) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (level, x, y, country) DO UPDATE
    SET tips_count = c.tips_count + excluded.tips_count,
        latitude_sum = c.latitude_sum + excluded.latitude_sum,
        longitude_sum = c.longitude_sum + excluded.longitude_sum;
  DELETE FROM tip_map_cells WHERE tips_count = 0;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_tips_map_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waymark_map_cells_apply(array_agg(latitude), array_agg(longitude), array_agg(country), array_agg(1))
  FROM new_tips WHERE is_private = false AND latitude IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION waymark_tips_map_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waymark_map_cells_apply(array_agg(latitude), array_agg(longitude), array_agg(country), array_agg(-1))
  FROM old_tips WHERE is_private = false AND latitude IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row-level with a WHEN: a like (UPDATE of likes_count) never calls it.
CREATE OR REPLACE FUNCTION waymark_tips_map_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM waymark_map_cells_apply(array_agg(d.lat), array_agg(d.lng), array_agg(d.country), array_agg(d.sign))
  FROM (VALUES (OLD.latitude, OLD.longitude, OLD.country, -1, OLD.is_private),
               (NEW.latitude, NEW.longitude, NEW.country, 1, NEW.is_private)) AS d(lat, lng, country, sign, is_private)
  WHERE d.is_private = false AND d.lat IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tips_map_insert AFTER INSERT ON tips REFERENCING NEW TABLE AS new_tips
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_tips_map_insert();--> statement-breakpoint
CREATE TRIGGER tips_map_delete AFTER DELETE ON tips REFERENCING OLD TABLE AS old_tips
  FOR EACH STATEMENT EXECUTE FUNCTION waymark_tips_map_delete();--> statement-breakpoint
CREATE TRIGGER tips_map_update AFTER UPDATE ON tips FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.country IS DISTINCT FROM NEW.country OR OLD.is_private IS DISTINCT FROM NEW.is_private)
  EXECUTE FUNCTION waymark_tips_map_update();--> statement-breakpoint
-- After a bulk load with triggers off (bench/data): the cells counted again from the tips.
CREATE OR REPLACE FUNCTION waymark_map_cells_rebuild() RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM tip_map_cells;
  INSERT INTO tip_map_cells (level, x, y, country, tips_count, latitude_sum, longitude_sum)
  SELECT l.level, waymark_map_x(t.longitude) >> (24 - l.level), waymark_map_y(t.latitude) >> (24 - l.level), t.country,
         count(*), sum(t.latitude), sum(t.longitude)
  FROM tips t CROSS JOIN generate_series(2, 20) AS l(level)
  WHERE t.is_private = false AND t.latitude IS NOT NULL
  GROUP BY 1, 2, 3, 4;
$$;
