ALTER TABLE "contacts" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "import_file_name" text;--> statement-breakpoint
CREATE INDEX "contacts_lead_activity_idx" ON "contacts" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contacts"."origin" <> 'import';--> statement-breakpoint
CREATE INDEX "contacts_imported_activity_idx" ON "contacts" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contacts"."origin" = 'import';--> statement-breakpoint
-- custom (hand-written) --
-- Origin backfill (decision 058). Migration 0010 set every older contact to 'form'; since then Add
-- Contact writes 'manual' and the CSV import 'import', so only 'form' rows are looked at. An import
-- whose owner ticked consent wrote 'CSV import of "<file>" on <date>, ticked by the owner' into
-- consent_source: that row is an import, of that file, at its consent time.
UPDATE "contacts"
SET "origin" = 'import'
WHERE "origin" = 'form' AND "message" = '' AND "consent_source" LIKE 'CSV import of %';--> statement-breakpoint
-- No form message, no first-touch source, no spam verdict: the form cannot have made it (its
-- message is required), so it was added by hand or imported without consent; nothing tells which,
-- and 'manual' keeps it among the leads rather than hiding it.
UPDATE "contacts"
SET "origin" = 'manual'
WHERE "origin" = 'form' AND "message" = '' AND "spam_reasons" = '{}'::text[]
  AND "source_referrer_host" IS NULL AND "source_utm_source" IS NULL AND "source_landing_path" IS NULL
  AND "source_first_seen_at" IS NULL AND "source_device" IS NULL;--> statement-breakpoint
-- Imported contacts get their import's time and file: from the consent line when there is one,
-- else the contact's creation (the import inserted it) and no file name.
UPDATE "contacts"
SET "imported_at" = coalesce("consent_at", "created_at"),
  "import_file_name" = substring("consent_source" from '^CSV import of "(.*)" on [0-9]{4}-[0-9]{2}-[0-9]{2}, ticked by the owner$')
WHERE "origin" = 'import' AND "imported_at" IS NULL;
