-- Issue 36: a block or unblock no longer announces the acting member to the other one (ADR 109).
-- The events stored before kept the blocker's id in the other member's 24-hour replay: they go.
DELETE FROM events WHERE type = 'connections' AND payload->>'change' IN ('blocked', 'unblocked');
