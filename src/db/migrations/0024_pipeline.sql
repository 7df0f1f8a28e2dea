CREATE TABLE "contact_stage_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"lost_reason" text,
	"lost_reason_text" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pipeline_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"contacts" bigint NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_status_check";--> statement-breakpoint
DROP INDEX "contacts_lead_status_rank_idx";--> statement-breakpoint
DROP INDEX "contacts_status_rank_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deal_value" bigint;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "notes_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lost_reason_text" text;--> statement-breakpoint
ALTER TABLE "contact_stage_changes" ADD CONSTRAINT "contact_stage_changes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_stage_changes_contact_idx" ON "contact_stage_changes" USING btree ("contact_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_stage_changes_changed_at_idx" ON "contact_stage_changes" USING btree ("changed_at","to_status");--> statement-breakpoint
CREATE INDEX "contacts_lead_status_rank_idx" ON "contacts" USING btree (array_position(array['new', 'contacted', 'qualified', 'converted', 'lost', 'spam']::text[], "status"),"last_activity_at","id") WHERE "contacts"."origin" <> 'import';--> statement-breakpoint
CREATE INDEX "contacts_status_rank_idx" ON "contacts" USING btree (array_position(array['new', 'contacted', 'qualified', 'converted', 'lost', 'spam']::text[], "status"),"last_activity_at","id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_lost_reason_check" CHECK ("contacts"."lost_reason" in ('budget', 'timing', 'no_reply', 'other_agency', 'other'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_deal_value_check" CHECK ("contacts"."deal_value" >= 0);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('new', 'contacted', 'qualified', 'converted', 'lost', 'spam'));--> statement-breakpoint
-- custom (hand-written) --
-- The pipeline (decision 063): the fifth status `lost` with its reason, the deal's value and
-- expected close, when the status last changed, and every stage change as a row of its own,
-- written by triggers so no code path can forget it. Erasure: the rows go with their contact
-- (cascade; docs/personal-data.md).
-- Before this migration no change was recorded: a contact still at New has been there since it
-- came in, any other has been in its stage at most since its last change of any kind.
UPDATE "contacts" SET "status_changed_at" = CASE WHEN "status" = 'new' THEN "created_at" ELSE "updated_at" END;--> statement-breakpoint
-- The board: a column's first page and each next page are a range of this index (newest move
-- first). Its counts and sums come from pipeline_totals below.
CREATE INDEX "contacts_board_idx" ON "contacts" USING btree ("status", "status_changed_at" DESC, "id" DESC);--> statement-breakpoint
-- A changed status stamps its time, changed notes theirs (the timeline's 'Notes edited'), and a
-- status other than lost drops the lost reason.
CREATE OR REPLACE FUNCTION contacts_stage_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."status_changed_at" := now();
  END IF;
  IF NEW."notes" IS DISTINCT FROM OLD."notes" THEN
    NEW."notes_changed_at" := now();
  END IF;
  IF NEW."status" <> 'lost' THEN
    NEW."lost_reason" := NULL;
    NEW."lost_reason_text" := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_stage_stamp BEFORE UPDATE OF "status", "lost_reason", "lost_reason_text", "notes" ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION contacts_stage_stamp();--> statement-breakpoint
-- Every change of status, whichever statement made it (the status route, PATCH, bulk, Turn into
-- Client, merge, spam and release): one row per contact, only when the status really changed.
CREATE OR REPLACE FUNCTION contacts_stage_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_stage_changes" ("contact_id", "from_status", "to_status", "lost_reason", "lost_reason_text", "changed_at")
    VALUES (NEW."id", OLD."status", NEW."status", NEW."lost_reason", NEW."lost_reason_text", NEW."status_changed_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_stage_change AFTER UPDATE OF "status" ON "contacts"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION contacts_stage_change();--> statement-breakpoint
-- A contact that enters past New (Add Contact with a status, a CSV import's status column) records
-- its entry, the whole INSERT at once. A lead entering at New (or held as spam) records nothing:
-- its creation time is that entry.
CREATE OR REPLACE FUNCTION contacts_stage_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_stage_changes" ("contact_id", "from_status", "to_status", "lost_reason", "lost_reason_text", "changed_at")
    SELECT "id", NULL, "status", "lost_reason", "lost_reason_text", "status_changed_at" FROM new_rows
    WHERE "status" NOT IN ('new', 'spam');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_stage_entry AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_stage_entry();;--> statement-breakpoint
-- The board's counts and sums per status (decision 063): every statement that inserts, deletes or
-- updates contacts appends its deltas, one row per status it touched (statement triggers with
-- transition tables: a bulk change of a million rows appends a handful of rows). Appends never wait
-- on each other, so two instances and parallel requests cannot deadlock here.
INSERT INTO "pipeline_totals" ("status", "contacts", "value")
  SELECT "status", count(*), coalesce(sum("deal_value"), 0) FROM "contacts" GROUP BY "status";--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value")
    SELECT "status", count(*), coalesce(sum("deal_value"), 0) FROM new_rows GROUP BY "status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_totals_insert AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_totals_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value")
    SELECT "status", -count(*), -coalesce(sum("deal_value"), 0) FROM old_rows GROUP BY "status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_totals_delete AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_totals_delete();--> statement-breakpoint
-- An update: only rows whose status or deal value changed count, the old side out, the new in.
CREATE OR REPLACE FUNCTION contacts_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value")
    SELECT d."status", sum(d."n"), sum(d."v") FROM (
      SELECT o."status", -1 AS "n", -coalesce(o."deal_value", 0) AS "v"
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        WHERE o."status" IS DISTINCT FROM n."status" OR o."deal_value" IS DISTINCT FROM n."deal_value"
      UNION ALL
      SELECT n."status", 1, coalesce(n."deal_value", 0)
        FROM old_rows o JOIN new_rows n ON n."id" = o."id"
        WHERE o."status" IS DISTINCT FROM n."status" OR o."deal_value" IS DISTINCT FROM n."deal_value"
    ) d GROUP BY d."status" HAVING sum(d."n") <> 0 OR sum(d."v") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_totals_update AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_totals_update();