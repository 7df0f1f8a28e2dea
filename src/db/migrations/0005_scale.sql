CREATE INDEX "campaign_recipients_contact_idx" ON "campaign_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_sent_at_idx" ON "campaign_recipients" USING btree ("sent_at") WHERE "campaign_recipients"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "campaign_recipients_interrupted_idx" ON "campaign_recipients" USING btree ("attempted_at") WHERE "campaign_recipients"."status" = 'interrupted';--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","id") WHERE "campaign_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_id_idx" ON "campaign_recipients" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "unsubscribes_contact_idx" ON "unsubscribes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "unsubscribes_campaign_idx" ON "unsubscribes" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "contact_messages_direct_sent_at_idx" ON "contact_messages" USING btree ("sent_at") WHERE "contact_messages"."sender" = 'admin' and "contact_messages"."campaign_name" is null;--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree (lower("name"),"id");--> statement-breakpoint
-- hand-written (scale)
-- Issue #15: the contact search (ILIKE '%…%' over name, email and message) through trigram
-- indexes; PostgreSQL ships pg_trgm (a trusted extension), PGlite loads it in its constructor.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_message_trgm_idx" ON "contacts" USING gin ("message" gin_trgm_ops);
