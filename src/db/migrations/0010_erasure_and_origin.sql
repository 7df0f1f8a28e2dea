ALTER TABLE "campaign_recipients" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unsubscribes" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "origin" text DEFAULT 'form' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "contact_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_email_hash_idx" ON "unsubscribes" USING btree ("email_hash");--> statement-breakpoint
CREATE INDEX "mail_queue_contact_idx" ON "mail_queue" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_origin_check" CHECK ("contacts"."origin" in ('form', 'manual', 'import'));--> statement-breakpoint
-- Erasure (docs/personal-data.md): a contact's delete leaves its campaign recipient rows for the
-- campaign's counts and status only. Their copies of the address and name, the provider's answer
-- and the Message-ID are cleared, and a row still waiting is skipped, so nothing more is sent.
-- Still one statement per delete (a bulk delete of a million contacts is one update here).
CREATE OR REPLACE FUNCTION "contacts_unlink_campaign_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign_recipients"
  SET "contact_id" = NULL, "email" = NULL, "name" = NULL, "error_message" = NULL, "message_id" = NULL,
    "status" = CASE WHEN "status" = 'pending' THEN 'skipped' ELSE "status" END, "updated_at" = now()
  WHERE "contact_id" IN (SELECT "id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows whose contact is already gone (a contact deleted while its row was being queued) hold the
-- same copies: cleared as an erasure would have.
UPDATE "campaign_recipients"
SET "email" = NULL, "name" = NULL, "error_message" = NULL, "message_id" = NULL,
  "status" = CASE WHEN "status" = 'pending' THEN 'skipped' ELSE "status" END
WHERE "contact_id" IS NULL;
--> statement-breakpoint
-- Lead notifications queued before `contact_id` existed name their contact only in the admin link.
UPDATE "mail_queue"
SET "contact_id" = substring("html" from '/admin/contacts/([0-9]{1,9})')::integer
WHERE "kind" = 'lead_notification' AND "contact_id" IS NULL;
