CREATE TABLE "email_change_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_tokens_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "email_change_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 026: a username is a public handle, never an e-mail address. Every handle that breaks the
-- rules of common/username.ts (e-mail addresses above all, written at sign-up until now) is
-- rewritten from the member's name as usernameFromName does it (accents dropped, lowercase, other
-- characters one '-', at most 24, 'traveler' when nothing is left), with -2, -3... when taken.
DO $$
DECLARE
  r record;
  base text;
  candidate text;
  n integer;
BEGIN
  FOR r IN
    SELECT p.user_id, coalesce(p.name, u.name) AS name
    FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.username IS NULL OR p.username !~ '^[A-Za-z0-9._-]{2,30}$'
    ORDER BY u.created_at, p.user_id
  LOOP
    base := lower(translate(coalesce(r.name, ''),
      'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ',
      'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy'));
    base := trim(both '-' from regexp_replace(base, '[^a-z0-9]+', '-', 'g'));
    base := rtrim(left(base, 24), '-');
    IF length(base) < 2 THEN
      base := 'traveler';
    END IF;
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM profiles WHERE lower(username) = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    UPDATE profiles SET username = candidate, updated_at = now() WHERE user_id = r.user_id;
  END LOOP;
END $$;
--> statement-breakpoint
-- ADR 027: an account that proved its mailbox (users.email_verified) is never claimed by a signup
-- link. Members an admin or a signup link let in before this rule existed count as proven.
UPDATE "users" SET "email_verified" = true
WHERE "id" IN (SELECT "user_id" FROM "user_roles" WHERE "role" IN ('user', 'admin'));
