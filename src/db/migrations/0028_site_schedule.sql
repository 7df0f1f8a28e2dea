ALTER TABLE "site_draft" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_draft" ADD COLUMN "publish_at_by" text;