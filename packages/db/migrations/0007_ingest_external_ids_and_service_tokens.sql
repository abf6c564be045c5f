CREATE SEQUENCE "public"."ingest_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "service_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"publisher_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "program_highlights" ADD COLUMN "highlight_id" bigint;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vertical_suggestions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "service_tokens" ADD CONSTRAINT "service_tokens_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_tokens_hash_uq" ON "service_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "service_tokens_publisher_idx" ON "service_tokens" USING btree ("publisher_id");--> statement-breakpoint
ALTER TABLE "program_highlights" ADD CONSTRAINT "program_highlights_highlight_id_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."highlights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_publisher_external_uq" ON "articles" USING btree ("publisher_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "highlights_publisher_external_uq" ON "highlights" USING btree ("publisher_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_highlights_program_highlight_uq" ON "program_highlights" USING btree ("program_id","highlight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_publisher_external_uq" ON "programs" USING btree ("publisher_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vertical_suggestions_video_external_uq" ON "vertical_suggestions" USING btree ("video_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vertical_tasks_publisher_external_uq" ON "vertical_tasks" USING btree ("publisher_id","external_id");