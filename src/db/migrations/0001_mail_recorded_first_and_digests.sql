ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_status_check";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "reply_to" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "digest_entry_html" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "digest_entry_text" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "digest_id" integer;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_digest_id_mail_queue_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."mail_queue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_kind_created_at_idx" ON "mail_queue" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "mail_queue_digest_idx" ON "mail_queue" USING btree ("digest_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('pending', 'sent'));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_status_check" CHECK ("mail_queue"."status" in ('pending', 'sending', 'sent', 'failed', 'digested'));