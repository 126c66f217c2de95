ALTER TABLE "tips" DROP CONSTRAINT "tips_location_valid";--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_location_valid" CHECK (("tips"."latitude" IS NULL) = ("tips"."longitude" IS NULL)
        AND ("tips"."latitude" IS NULL OR ("tips"."latitude" BETWEEN -90 AND 90 AND "tips"."longitude" BETWEEN -180 AND 180))
        AND ("tips"."location_precision" IS NULL OR "tips"."location_precision" IN ('exact', 'city', 'country', 'pin', 'none'))
        AND (("tips"."latitude" IS NULL) = ("tips"."location_precision" IS NULL OR "tips"."location_precision" = 'none')));--> statement-breakpoint
-- Issue 36 (ADR 101): a tip no city places is drawn at its country. The tips tried before and
-- left nowhere ('none') become untried again, and the walk after start-up (location-backfill.ts,
-- the same locator a save uses) places them; the gazetteer lives in Node, not in SQL (ADR 061).
UPDATE "tips" SET "location_precision" = NULL WHERE "location_precision" = 'none';
