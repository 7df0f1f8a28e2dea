ALTER TABLE "sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;
--> statement-breakpoint
-- Sessions opened before the newest second factor was turned on never proved it: end them (decision 036).
DELETE FROM "sessions" WHERE "created_at" < (SELECT max("at") FROM (SELECT "confirmed_at" AS "at" FROM "totp_factors" UNION ALL SELECT "created_at" FROM "passkeys") AS "factors");
