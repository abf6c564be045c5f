DROP INDEX "vertical_tasks_program_idx";--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "source_width" integer;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "source_height" integer;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "source_fps" real;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "source_frame_count" integer;--> statement-breakpoint
CREATE INDEX "vertical_tasks_program_status_created_idx" ON "vertical_tasks" USING btree ("program_id","status","created_at");