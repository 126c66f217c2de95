CREATE TABLE "guide_share_links" (
	"guide_id" uuid PRIMARY KEY NOT NULL,
	"key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_share_links_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "guide_share_links" ADD CONSTRAINT "guide_share_links_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;