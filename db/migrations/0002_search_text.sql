ALTER TABLE "guides" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "guides_search_trgm_idx" ON "guides" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guides_countries_idx" ON "guides" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "tips_search_trgm_idx" ON "tips" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tips_country_idx" ON "tips" USING btree ("country");