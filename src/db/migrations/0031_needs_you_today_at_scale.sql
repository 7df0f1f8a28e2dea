-- 'Needs you today', the dashboard's first card, at 1,000,000 contacts (452,446 form leads at New):
-- the waiting list sorted every such lead for its first 50 (432 ms), its count counted them all
-- (270 ms) and the median first answer ran two subqueries per form lead of the 30 days (3.9 s).
-- With these two partial indexes (and the count and the median capped: decision 064, addendum)
-- the three took 15, 17 and 11 ms. contacts_waiting_idx holds only form leads at New;
-- contact_stage_changes_answer_idx only the moves that answer a lead (off New, not to spam), so the
-- anti-join no longer walks every stage change to find none.
CREATE INDEX "contact_stage_changes_answer_idx" ON "contact_stage_changes" USING btree ("contact_id","changed_at") WHERE "contact_stage_changes"."from_status" = 'new' and "contact_stage_changes"."to_status" <> 'spam';--> statement-breakpoint
CREATE INDEX "contacts_waiting_idx" ON "contacts" USING btree ("created_at","id") WHERE "contacts"."status" = 'new' and "contacts"."origin" = 'form';
