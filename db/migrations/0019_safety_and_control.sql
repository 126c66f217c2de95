CREATE TYPE "public"."report_reason" AS ENUM('spam', 'harassment', 'unsafe', 'wrong_information', 'other');--> statement-breakpoint
CREATE TYPE "public"."content_visibility" AS ENUM('public', 'connections', 'private');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'moderation';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"finished_as" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_suspensions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"until" timestamp with time zone,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_email" CHECK ("notification_preferences"."email" IN ('off', 'immediate', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"tip_id" uuid,
	"guide_id" uuid,
	"member_id" uuid,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"outcome" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_one_target" CHECK (num_nonnulls("reports"."tip_id", "reports"."guide_id", "reports"."member_id") = 1),
	CONSTRAINT "reports_resolved" CHECK (("reports"."outcome" IS NULL) = ("reports"."resolved_at" IS NULL))
);
--> statement-breakpoint
-- Three levels of visibility (ADR 081). is_private becomes "not shown to members at large",
-- computed from visibility and a moderator's hide. A column cannot turn into a generated one,
-- so it is dropped and added again; its partial indexes and the map trigger that name it go
-- with it and are made again below, exactly as before.
ALTER TABLE "guides" ADD COLUMN "visibility" "content_visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "visibility" "content_visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
DROP TRIGGER "tips_map_update" ON "tips";--> statement-breakpoint
UPDATE "guides" SET "visibility" = 'private' WHERE "is_private";--> statement-breakpoint
UPDATE "tips" SET "visibility" = 'private' WHERE "is_private";--> statement-breakpoint
ALTER TABLE "guides" DROP COLUMN "is_private";--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "is_private" boolean GENERATED ALWAYS AS (visibility <> 'public' OR hidden_at IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" DROP COLUMN "is_private";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "is_private" boolean GENERATED ALWAYS AS (visibility <> 'public' OR hidden_at IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "guides_public_created_idx" ON "guides" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "guides"."is_private" = false;--> statement-breakpoint
CREATE INDEX "guides_private_user_created_idx" ON "guides" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "guides"."is_private" = true;--> statement-breakpoint
CREATE INDEX "guides_public_user_created_idx" ON "guides" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "guides"."is_private" = false;--> statement-breakpoint
CREATE INDEX "guides_liked_created_idx" ON "guides" USING btree ("created_at" DESC NULLS FIRST,"likes_count","id") WHERE "guides"."is_private" = false AND "guides"."likes_count" > 0;--> statement-breakpoint
CREATE INDEX "tips_public_created_idx" ON "tips" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "tips_public_country_created_idx" ON "tips" USING btree ("country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "tips_private_user_created_idx" ON "tips" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = true;--> statement-breakpoint
CREATE INDEX "tips_public_user_created_idx" ON "tips" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tips"."is_private" = false;--> statement-breakpoint
CREATE INDEX "tips_liked_created_idx" ON "tips" USING btree ("created_at" DESC NULLS FIRST,"likes_count","id") WHERE "tips"."is_private" = false AND "tips"."likes_count" > 0;--> statement-breakpoint
CREATE INDEX "tips_public_map_cell_idx" ON "tips" USING btree ("map_cell") WHERE "tips"."is_private" = false AND "tips"."map_cell" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER tips_map_update AFTER UPDATE ON tips FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
        OR OLD.country IS DISTINCT FROM NEW.country OR OLD.is_private IS DISTINCT FROM NEW.is_private)
  EXECUTE FUNCTION waymark_tips_map_update();--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "blocks_blocker_created_idx" ON "blocks" USING btree ("blocker_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_tip_unique" ON "reports" USING btree ("reporter_id","tip_id") WHERE "reports"."resolved_at" IS NULL AND "reports"."tip_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_guide_unique" ON "reports" USING btree ("reporter_id","guide_id") WHERE "reports"."resolved_at" IS NULL AND "reports"."guide_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_member_unique" ON "reports" USING btree ("reporter_id","member_id") WHERE "reports"."resolved_at" IS NULL AND "reports"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_open_created_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_tip_id_idx" ON "reports" USING btree ("tip_id") WHERE "reports"."tip_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_guide_id_idx" ON "reports" USING btree ("guide_id") WHERE "reports"."guide_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_member_id_idx" ON "reports" USING btree ("member_id") WHERE "reports"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_reporter_id_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row once written.
CREATE OR REPLACE FUNCTION waymark_audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION waymark_audit_log_append_only();
