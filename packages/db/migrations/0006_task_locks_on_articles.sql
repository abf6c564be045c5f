ALTER TABLE "articles" ADD COLUMN "lock_holder_user_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "lock_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "lock_fence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_lock_holder_user_id_users_id_fk" FOREIGN KEY ("lock_holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;