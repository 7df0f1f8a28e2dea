CREATE TABLE "campaign_sent_hours" (
	"hour" timestamp PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written (issue #15; decision 029). The hourly sent counts follow every statement that
-- changes campaign_recipients: -1 in the hour of each row that was `sent`, +1 in the hour of each
-- row that is `sent` now, summed per hour. Hours are upserted in order, so two statements cannot
-- deadlock on them. (Each branch names only the transition tables its trigger has.)
CREATE FUNCTION "campaign_sent_hours_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "campaign_sent_hours" AS h ("hour", "sent")
      SELECT date_trunc('hour', "sent_at" AT TIME ZONE 'UTC'), count(*) FROM "new_rows"
      WHERE "status" = 'sent' AND "sent_at" IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "sent" = h."sent" + excluded."sent";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "campaign_sent_hours" AS h ("hour", "sent")
      SELECT date_trunc('hour', "sent_at" AT TIME ZONE 'UTC'), -count(*) FROM "old_rows"
      WHERE "status" = 'sent' AND "sent_at" IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT ("hour") DO UPDATE SET "sent" = h."sent" + excluded."sent";
  ELSE
    INSERT INTO "campaign_sent_hours" AS h ("hour", "sent")
      SELECT "hour", sum("n") FROM (
        SELECT date_trunc('hour', "sent_at" AT TIME ZONE 'UTC') AS "hour", 1 AS "n" FROM "new_rows"
        WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
        UNION ALL
        SELECT date_trunc('hour', "sent_at" AT TIME ZONE 'UTC'), -1 FROM "old_rows"
        WHERE "status" = 'sent' AND "sent_at" IS NOT NULL
      ) AS "change"
      GROUP BY "hour" HAVING sum("n") <> 0 ORDER BY "hour"
    ON CONFLICT ("hour") DO UPDATE SET "sent" = h."sent" + excluded."sent";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_sent_hours_insert" AFTER INSERT ON "campaign_recipients"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_sent_hours_apply"();
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_sent_hours_update" AFTER UPDATE ON "campaign_recipients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "campaign_sent_hours_apply"();
--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_sent_hours_delete" AFTER DELETE ON "campaign_recipients"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_sent_hours_apply"();
--> statement-breakpoint
INSERT INTO "campaign_sent_hours" ("hour", "sent")
  SELECT date_trunc('hour', "sent_at" AT TIME ZONE 'UTC'), count(*) FROM "campaign_recipients"
  WHERE "status" = 'sent' AND "sent_at" IS NOT NULL GROUP BY 1;
