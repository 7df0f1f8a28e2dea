-- The dashboard's 'New Contacts' (form leads still at New, decision 058) counted those rows on
-- every load: at 1,000,000 contacts with 452,446 of them, 110–230 ms after a vacuum and about
-- 600 ms on a table just written (decision 064, addendum). The pipeline's per-status totals now
-- also count the form's contacts, kept by the same statement triggers.
ALTER TABLE "pipeline_totals" ADD COLUMN "form_contacts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value", "form_contacts")
    SELECT "status", count(*), coalesce(sum("deal_value"), 0), count(*) FILTER (WHERE "origin" = 'form')
    FROM new_rows GROUP BY "status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value", "form_contacts")
    SELECT "status", -count(*), -coalesce(sum("deal_value"), 0), -count(*) FILTER (WHERE "origin" = 'form')
    FROM old_rows GROUP BY "status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_totals" ("status", "contacts", "value", "form_contacts")
    SELECT d."status", sum(d."n"), sum(d."v"), sum(d."f")
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."status", -1, -coalesce(o."deal_value", 0), -(o."origin" = 'form')::int),
      (n."status", 1, coalesce(n."deal_value", 0), (n."origin" = 'form')::int)
    ) d("status", "n", "v", "f")
    WHERE o."status" IS DISTINCT FROM n."status" OR o."deal_value" IS DISTINCT FROM n."deal_value"
      OR o."origin" IS DISTINCT FROM n."origin"
    GROUP BY d."status" HAVING sum(d."n") <> 0 OR sum(d."v") <> 0 OR sum(d."f") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The log folded into one row per status, recounted from the table with the new column.
DELETE FROM "pipeline_totals";--> statement-breakpoint
INSERT INTO "pipeline_totals" ("status", "contacts", "value", "form_contacts")
  SELECT "status", count(*), coalesce(sum("deal_value"), 0), count(*) FILTER (WHERE "origin" = 'form')
  FROM "contacts" GROUP BY "status";
