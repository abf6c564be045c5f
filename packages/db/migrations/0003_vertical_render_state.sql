ALTER TABLE "vertical_tasks" ADD COLUMN "render_state" text;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "render_job_id" text;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "render_error" text;