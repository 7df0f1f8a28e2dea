-- The contact search's text in a table of its own (docs/decisions/050): a bulk status change of a
-- million contacts spent most of its time writing the three trigram indexes of `contacts`, whose
-- indexed text it does not change. One unaccented document per contact (name, address and first
-- message, one per line), one trigram index; triggers keep it, so no code path can forget it.
-- Erasure: the row goes with its contact (cascade; docs/personal-data.md).
CREATE TABLE "contact_search" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_search" ADD CONSTRAINT "contact_search_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_search_document(name text, email text, message text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT immutable_unaccent(coalesce(name, '')) || E'\n' || immutable_unaccent(coalesce(email, ''))
    || E'\n' || immutable_unaccent(coalesce(message, '')) $$;--> statement-breakpoint
INSERT INTO "contact_search" ("contact_id", "document")
  SELECT "id", contact_search_document("name", "email", "message") FROM "contacts";--> statement-breakpoint
CREATE INDEX "contact_search_document_trgm_idx" ON "contact_search" USING gin ("document" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_message_trgm_idx";--> statement-breakpoint
-- New contacts, a whole INSERT at once (a CSV import inserts thousands per statement). Their ids are
-- new, and a search row cannot outlive its contact (cascade): no conflict to handle.
CREATE OR REPLACE FUNCTION contacts_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_search" ("contact_id", "document")
    SELECT "id", contact_search_document("name", "email", "message") FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_search_insert AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_insert();--> statement-breakpoint
-- A changed name, address or message (an edit, a merge, an import filling empty fields). A row
-- trigger on those columns only: a status or tag change never fires it. Every contact has its row
-- (the backfill above, then the insert trigger).
CREATE OR REPLACE FUNCTION contacts_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_search" SET "document" = contact_search_document(NEW."name", NEW."email", NEW."message")
    WHERE "contact_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_search_update AFTER UPDATE OF "name", "email", "message" ON "contacts"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."message" IS DISTINCT FROM NEW."message")
  EXECUTE FUNCTION contacts_search_update();
