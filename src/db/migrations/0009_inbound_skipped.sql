CREATE TABLE "inbound_skipped" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"position" text NOT NULL,
	"reason" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_skipped_position_idx" ON "inbound_skipped" USING btree ("mailbox","position");