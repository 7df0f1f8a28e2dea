-- A campaign after a crash (docs/decisions/044): which provider an attempt went to, the SMTP end-of-DATA
-- marker that tells a message the server discarded from one it may have taken, and when an
-- interrupted row was resent (at most once). Nullable columns without defaults: no table rewrite.
ALTER TABLE "campaign_recipients" ADD COLUMN "attempt_provider" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "data_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_attempt_provider_check" CHECK ("campaign_recipients"."attempt_provider" is null or "campaign_recipients"."attempt_provider" in ('smtp', 'gmail', 'outbox'));