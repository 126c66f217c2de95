DROP INDEX "guides_liked_created_idx";--> statement-breakpoint
DROP INDEX "tips_liked_created_idx";--> statement-breakpoint
CREATE INDEX "guides_shared_created_idx" ON "guides" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "guides"."visibility" = 'connections' AND "guides"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tips_shared_created_idx" ON "tips" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE "tips"."visibility" = 'connections' AND "tips"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "guides_liked_created_idx" ON "guides" USING btree ("created_at" DESC NULLS FIRST,"likes_count","id","user_id") WHERE "guides"."is_private" = false AND "guides"."likes_count" > 0;--> statement-breakpoint
CREATE INDEX "tips_liked_created_idx" ON "tips" USING btree ("created_at" DESC NULLS FIRST,"likes_count","id","user_id") WHERE "tips"."is_private" = false AND "tips"."likes_count" > 0;