ALTER TYPE "public"."notification_type" ADD VALUE 'content_moderated';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'report_received';--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outcome" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"title" text,
	"member_id" uuid,
	"reason" text,
	"note" text,
	"moderator_id" uuid,
	"report_count" integer NOT NULL,
	"report_reasons" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_created_idx" ON "moderation_decisions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_moderator_idx" ON "moderation_decisions" USING btree ("moderator_id");--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);