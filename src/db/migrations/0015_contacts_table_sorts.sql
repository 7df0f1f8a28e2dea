DROP INDEX "contacts_email_idx";--> statement-breakpoint
CREATE INDEX "contacts_status_rank_idx" ON "contacts" USING btree (array_position(array['new', 'contacted', 'qualified', 'converted', 'spam']::text[], "status"),"last_activity_at","id");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree (lower("email"),"id");