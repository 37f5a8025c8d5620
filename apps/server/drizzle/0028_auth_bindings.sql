-- Issue 31. Who asked for an emailed code (an address or /64 prefix, or a browser that signed in
-- to the account): each keeps its own daily budget, so one requester cannot use up another's.
-- Older rows have none and count as asked by an address.
ALTER TABLE "verification_codes" ADD COLUMN "requester" varchar(80);--> statement-breakpoint
-- The browser that started a social sign-in: the SHA-256 of its binding cookie. The callback and
-- the exchange of the one-time code are refused from any other browser. Pending rows of an
-- older version have none and can no longer be finished (they expire within ten minutes).
ALTER TABLE "oauth_states" ADD COLUMN "binding_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "binding_hash" varchar(64);
