CREATE TABLE "populated_workbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"publisher_ids" integer[] NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD COLUMN "apply_rest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "populated_workbooks" ADD CONSTRAINT "populated_workbooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "populated_workbooks_owner_created_idx" ON "populated_workbooks" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "spreadsheets" ADD CONSTRAINT "spreadsheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;