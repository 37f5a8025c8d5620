-- The creator's time zone for the dashboard (issue 18): an IANA name the runtime and the database
-- both know (checked when it is saved); null until they choose one — the browser's is used.
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64);
