CREATE TABLE "task_reminders" (
	"local_date" date PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"due_count" integer NOT NULL,
	"mail_queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_tasks" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_reminders" ADD CONSTRAINT "task_reminders_mail_queue_id_mail_queue_id_fk" FOREIGN KEY ("mail_queue_id") REFERENCES "public"."mail_queue"("id") ON DELETE set null ON UPDATE no action;