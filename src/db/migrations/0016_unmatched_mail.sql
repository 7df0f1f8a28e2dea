CREATE TABLE "unmatched_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"text_content" text,
	"attachments" jsonb,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[],
	"auto_reply" boolean DEFAULT false NOT NULL,
	"authentication" text,
	"source" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unmatched_mail" ADD CONSTRAINT "unmatched_mail_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_mail_message_id_idx" ON "unmatched_mail" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "unmatched_mail_contact_idx" ON "unmatched_mail" USING btree ("contact_id");