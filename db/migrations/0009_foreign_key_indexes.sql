CREATE INDEX "notifications_tip_id_idx" ON "notifications" USING btree ("tip_id") WHERE "notifications"."tip_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_guide_id_idx" ON "notifications" USING btree ("guide_id") WHERE "notifications"."guide_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tips_tip_type_id_idx" ON "tips" USING btree ("tip_type_id");