CREATE TABLE "console_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "console_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"publisher_id" integer NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"queue" text NOT NULL,
	"job_id" text NOT NULL,
	"label" text NOT NULL,
	"subject_path" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"link" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "console_jobs_state_check" CHECK ("console_jobs"."state" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "console_jobs_progress_check" CHECK ("console_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "console_jobs" ADD CONSTRAINT "console_jobs_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_jobs" ADD CONSTRAINT "console_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_jobs_user_idx" ON "console_jobs" USING btree ("user_id","publisher_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "console_jobs_job_idx" ON "console_jobs" USING btree ("queue","job_id","id" DESC NULLS LAST);