ALTER TABLE "packages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(alias, ''))) STORED;--> statement-breakpoint
CREATE INDEX "highlights_resources_idx" ON "highlights" USING gin ("resources" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "packages_search_idx" ON "packages" USING gin ("search_vector");