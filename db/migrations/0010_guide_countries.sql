CREATE TABLE "guide_countries" (
	"guide_id" uuid NOT NULL,
	"country" text NOT NULL,
	"guide_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guide_countries_guide_id_country_pk" PRIMARY KEY("guide_id","country")
);
--> statement-breakpoint
DROP INDEX "guides_countries_idx";--> statement-breakpoint
ALTER TABLE "guide_countries" ADD CONSTRAINT "guide_countries_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_countries_country_created_idx" ON "guide_countries" USING btree ("country","guide_created_at" DESC NULLS FIRST,"guide_id" DESC NULLS FIRST);--> statement-breakpoint
-- guide_countries mirrors guides.countries (db/schema.ts says why). Only this trigger writes it,
-- so every writer of guides (services, seeds, tests) keeps it right, in the guide's transaction.
CREATE OR REPLACE FUNCTION waymark_guide_countries_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM guide_countries WHERE guide_id = NEW.id AND country <> ALL (NEW.countries);
  END IF;
  INSERT INTO guide_countries (guide_id, country, guide_created_at)
  SELECT NEW.id, c, NEW.created_at FROM unnest(NEW.countries) AS c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER guides_countries_sync AFTER INSERT OR UPDATE OF countries ON guides
  FOR EACH ROW EXECUTE FUNCTION waymark_guide_countries_sync();--> statement-breakpoint
INSERT INTO guide_countries (guide_id, country, guide_created_at)
SELECT g.id, c, g.created_at FROM guides g, unnest(g.countries) AS c
ON CONFLICT DO NOTHING;
