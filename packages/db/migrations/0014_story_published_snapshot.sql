ALTER TABLE "stories" ADD COLUMN "published_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "published_version_at" timestamp with time zone;