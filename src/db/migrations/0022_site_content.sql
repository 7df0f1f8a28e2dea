CREATE TABLE "site_draft" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_draft_single_row" CHECK ("site_draft"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" text NOT NULL,
	CONSTRAINT "site_versions_positive" CHECK ("site_versions"."version" > 0)
);
