-- Session tokens are stored as SHA-256 hashes from now on (ADR 015). Sessions written before
-- hold the token in clear: end them, everyone signs in again once.
DELETE FROM "sessions";
