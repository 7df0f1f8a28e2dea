-- Issue #11 §3: one contact per address, one campaign email per address. Existing data survives:
-- rows that already repeat an address are flagged legacy_duplicate (kept, outside the new unique
-- indexes) instead of being merged or deleted here; the owner merges contacts from the contact
-- detail, and repeated recipient rows stay as the campaign's history.
DROP INDEX "campaign_recipients_campaign_contact_idx";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "legacy_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "campaign_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "legacy_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing contacts keep their place in the list: their last activity is their creation, or a
-- later message they sent.
UPDATE "contacts" c SET "last_activity_at" = greatest(c."created_at", (
  SELECT max(m."sent_at") FROM "contact_messages" m WHERE m."contact_id" = c."id" AND m."sender" = 'contact'
));--> statement-breakpoint
-- Per address, the oldest contact stays the person's contact; later ones wait for a merge.
UPDATE "contacts" c SET "legacy_duplicate" = true WHERE EXISTS (
  SELECT 1 FROM "contacts" o
  WHERE lower(o."email") = lower(c."email") AND (o."created_at", o."id") < (c."created_at", c."id")
);--> statement-breakpoint
UPDATE "campaign_recipients" r SET "legacy_duplicate" = true WHERE EXISTS (
  SELECT 1 FROM "campaign_recipients" o
  WHERE o."campaign_id" = r."campaign_id" AND lower(o."email") = lower(r."email") AND o."id" < r."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_email_idx" ON "campaign_recipients" USING btree ("campaign_id",lower("email")) WHERE not "campaign_recipients"."legacy_duplicate";--> statement-breakpoint
CREATE INDEX "contacts_last_activity_idx" ON "contacts" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_email_unique_idx" ON "contacts" USING btree (lower("email")) WHERE not "contacts"."legacy_duplicate";--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_contact_idx" ON "campaign_recipients" USING btree ("campaign_id","contact_id");
