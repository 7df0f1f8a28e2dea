ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_contact_id_contacts_id_fk";
--> statement-breakpoint
DROP INDEX "campaign_recipients_campaign_contact_idx";--> statement-breakpoint
DROP INDEX "campaign_recipients_status_idx";--> statement-breakpoint
DROP INDEX "campaign_recipients_message_id_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipient_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_recipients_unfinished_idx" ON "campaign_recipients" USING btree ("status","campaign_id") WHERE "campaign_recipients"."status" in ('sending', 'failed', 'interrupted');--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_message_id_idx" ON "campaign_recipients" USING btree ("message_id") WHERE "campaign_recipients"."message_id" is not null;--> statement-breakpoint
-- Hand-written (issue #15; decision 029). Recipient counts kept with the campaign by statement
-- triggers: one aggregate per statement over its transition rows, never one update per row (a
-- million-recipient insert updates its campaign once). Campaigns are updated in id order, so
-- two statements that touch the same campaigns cannot deadlock. (Each branch names only the
-- transition tables its trigger has.)
CREATE FUNCTION "campaign_recipient_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT "campaign_id", count(*) AS "total",
        count(*) FILTER (WHERE "status" = 'sent') AS "sent",
        count(*) FILTER (WHERE "status" IN ('failed', 'interrupted')) AS "failed",
        count(*) FILTER (WHERE "status" IN ('pending', 'sending')) AS "pending"
      FROM "new_rows" GROUP BY "campaign_id" ORDER BY "campaign_id" LOOP
      PERFORM "campaign_counts_add"(d."campaign_id", d."total", d."sent", d."failed", d."pending");
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT "campaign_id", -count(*) AS "total",
        -count(*) FILTER (WHERE "status" = 'sent') AS "sent",
        -count(*) FILTER (WHERE "status" IN ('failed', 'interrupted')) AS "failed",
        -count(*) FILTER (WHERE "status" IN ('pending', 'sending')) AS "pending"
      FROM "old_rows" GROUP BY "campaign_id" ORDER BY "campaign_id" LOOP
      PERFORM "campaign_counts_add"(d."campaign_id", d."total", d."sent", d."failed", d."pending");
    END LOOP;
  ELSE
    FOR d IN
      SELECT "campaign_id", sum("n") AS "total",
        coalesce(sum("n") FILTER (WHERE "status" = 'sent'), 0) AS "sent",
        coalesce(sum("n") FILTER (WHERE "status" IN ('failed', 'interrupted')), 0) AS "failed",
        coalesce(sum("n") FILTER (WHERE "status" IN ('pending', 'sending')), 0) AS "pending"
      FROM (
        SELECT "campaign_id", "status", 1 AS "n" FROM "new_rows"
        UNION ALL SELECT "campaign_id", "status", -1 FROM "old_rows"
      ) AS "change"
      GROUP BY "campaign_id" ORDER BY "campaign_id"
    LOOP
      PERFORM "campaign_counts_add"(d."campaign_id", d."total", d."sent", d."failed", d."pending");
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "campaign_counts_add"(campaign integer, total bigint, sent bigint, failed bigint, pending bigint)
RETURNS void LANGUAGE sql AS $$
  UPDATE "campaigns" SET
    "recipient_count" = "recipient_count" + total,
    "sent_count" = "sent_count" + sent,
    "failed_count" = "failed_count" + failed,
    "pending_count" = "pending_count" + pending
  WHERE "id" = campaign AND (total <> 0 OR sent <> 0 OR failed <> 0 OR pending <> 0)
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_counts_insert" AFTER INSERT ON "campaign_recipients"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_recipient_counts"();
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_counts_update" AFTER UPDATE ON "campaign_recipients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "campaign_recipient_counts"();
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_counts_delete" AFTER DELETE ON "campaign_recipients"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_recipient_counts"();
--> statement-breakpoint
UPDATE "campaigns" AS c SET
  "recipient_count" = n."total", "sent_count" = n."sent", "failed_count" = n."failed", "pending_count" = n."pending"
FROM (
  SELECT "campaign_id", count(*) AS "total",
    count(*) FILTER (WHERE "status" = 'sent') AS "sent",
    count(*) FILTER (WHERE "status" IN ('failed', 'interrupted')) AS "failed",
    count(*) FILTER (WHERE "status" IN ('pending', 'sending')) AS "pending"
  FROM "campaign_recipients" GROUP BY "campaign_id"
) AS n
WHERE c."id" = n."campaign_id";
--> statement-breakpoint
-- The two foreign keys dropped above, as triggers (issue #15: their per-row checks cost a third
-- of inserting a million-recipient audience). A campaign's delete deletes its recipients; a
-- contact's delete leaves its recipient rows, without the contact.
CREATE FUNCTION "campaigns_delete_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "campaign_recipients" WHERE "campaign_id" IN (SELECT "id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_delete_recipients" AFTER DELETE ON "campaigns"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaigns_delete_recipients"();
--> statement-breakpoint
CREATE FUNCTION "contacts_unlink_campaign_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign_recipients" SET "contact_id" = NULL WHERE "contact_id" IN (SELECT "id" FROM "old_rows");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_unlink_campaign_recipients" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_unlink_campaign_recipients"();
