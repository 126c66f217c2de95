-- Saves are anonymous (docs/decisions/031): notices of a save written before that rule forget
-- their actor, so the saver can be told by no answer and by no cascade of their account deletion.
UPDATE "notifications" SET "actor_id" = NULL WHERE "type" IN ('tip_saved', 'guide_saved') AND "actor_id" IS NOT NULL;
