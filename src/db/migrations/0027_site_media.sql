CREATE TABLE "site_media" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_media_id_hex" CHECK ("site_media"."id" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "site_media_kind" CHECK ("site_media"."kind" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "site_media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_media_files" ADD CONSTRAINT "site_media_files_media_id_site_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."site_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_media_files_media" ON "site_media_files" USING btree ("media_id");--> statement-breakpoint
-- custom (hand-written) --
-- Media are compressed already (WebP, MP4, WebM): no TOAST compression, so a video's byte range
-- is read with substring() without reading the whole file (decision 070).
ALTER TABLE "site_media_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
