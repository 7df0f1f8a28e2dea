CREATE TABLE "mailbox_sync" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"uid_validity" text,
	"last_uid" bigint,
	"history_id" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"imported" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_sync_mailbox_unique" UNIQUE("mailbox")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_status_check";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "references" text[];--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "text_content" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "auto_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "unread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bouncing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "mail_connections" ADD COLUMN "scopes" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_message_id_idx" ON "campaign_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_message_id_idx" ON "contact_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("contact_id") WHERE "contact_messages"."unread";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped', 'interrupted', 'bounced'));