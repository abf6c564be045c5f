CREATE TABLE "grid_submissions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"errors" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workbooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content" "bytea" NOT NULL,
	"download_token" text,
	"download_expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workbooks_external_uq" UNIQUE("external_id"),
	CONSTRAINT "workbooks_download_token_uq" UNIQUE("download_token")
);
--> statement-breakpoint
ALTER TABLE "grid_submissions" ADD CONSTRAINT "grid_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbooks" ADD CONSTRAINT "workbooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grid_submissions_created_idx" ON "grid_submissions" USING btree ("created_at" DESC NULLS LAST);