DROP INDEX "guides_user_created_idx";--> statement-breakpoint
DROP INDEX "guides_public_created_idx";--> statement-breakpoint
DROP INDEX "invitation_requests_created_at_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "pending_activations_created_at_idx";--> statement-breakpoint
DROP INDEX "saved_items_user_created_idx";--> statement-breakpoint
DROP INDEX "system_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "tips_user_created_idx";--> statement-breakpoint
DROP INDEX "tips_public_created_idx";--> statement-breakpoint
DROP INDEX "user_roles_created_at_idx";--> statement-breakpoint
CREATE INDEX "guides_user_created_idx" ON "guides" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "guides_public_created_idx" ON "guides" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "guides"."is_private" = false;--> statement-breakpoint
CREATE INDEX "invitation_requests_created_at_idx" ON "invitation_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pending_activations_created_at_idx" ON "pending_activations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_items_user_created_idx" ON "saved_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "system_messages_created_at_idx" ON "system_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tips_user_created_idx" ON "tips" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tips_public_created_idx" ON "tips" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "user_roles_created_at_idx" ON "user_roles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);