ALTER TABLE "stories" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, ''))) STORED;--> statement-breakpoint
CREATE INDEX "stories_search_idx" ON "stories" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "vertical_tasks_search_idx" ON "vertical_tasks" USING gin ("search_vector");