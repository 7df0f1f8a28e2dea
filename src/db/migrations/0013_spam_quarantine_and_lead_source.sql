CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_job_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
CREATE TABLE "daily_visit_sources" (
	"day" date NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_visit_sources_day_referrer_host_utm_source_pk" PRIMARY KEY("day","referrer_host","utm_source")
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_status_check";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "spam_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_referrer_host" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_utm_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_utm_medium" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_utm_campaign" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_utm_term" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_utm_content" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_landing_path" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "source_device" text;--> statement-breakpoint
CREATE INDEX "contacts_source_label_idx" ON "contacts" USING btree ((coalesce("source_utm_source", "source_referrer_host", '(direct)')),"last_activity_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_source_device_check" CHECK ("contacts"."source_device" in ('phone', 'tablet', 'desktop'));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('new', 'contacted', 'qualified', 'converted', 'spam'));