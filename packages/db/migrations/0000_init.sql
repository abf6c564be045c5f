CREATE TABLE "collab_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collab_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"doc_name" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_configs" (
	"publisher_id" integer PRIMARY KEY NOT NULL,
	"console_display_iab_metrics" text DEFAULT 'true' NOT NULL,
	"console_display_generic_metrics" text DEFAULT 'false' NOT NULL,
	"number_of_algo_suggestions" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"name" text NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"platform" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "products_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "publisher_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_products" (
	"publisher_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "publisher_products_publisher_id_product_id_pk" PRIMARY KEY("publisher_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"home_url" text NOT NULL,
	"group_id" integer,
	"apv_enabled" boolean DEFAULT true NOT NULL,
	"editor_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_publisher_roles" (
	"user_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "user_publisher_roles_user_id_publisher_id_pk" PRIMARY KEY("user_id","publisher_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"user_identifier" text,
	"default_publisher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigint PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"review_status" text DEFAULT 'done' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" bigint PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"article_id" bigint NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"link" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"article_created_at" timestamp with time zone NOT NULL,
	"recommendation_score" double precision DEFAULT 0 NOT NULL,
	"article_active" boolean DEFAULT true NOT NULL,
	"ia_article_active" boolean DEFAULT true NOT NULL,
	"tv_valid" boolean DEFAULT true NOT NULL,
	"video_path" text NOT NULL,
	"thumbnail_path" text NOT NULL,
	"gif_path" text,
	"duration_seconds" real NOT NULL,
	"resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"non_uniq_regular_impressions" bigint DEFAULT 0 NOT NULL,
	"non_uniq_regular_clicks" bigint DEFAULT 0 NOT NULL,
	"regular_ctr" double precision,
	"non_uniq_ia_impressions" bigint DEFAULT 0 NOT NULL,
	"non_uniq_ia_clicks" bigint DEFAULT 0 NOT NULL,
	"ia_ctr" double precision,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(category, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement_id" integer NOT NULL,
	"monetization" boolean DEFAULT false NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_tests_placement_uq" UNIQUE("placement_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"publisher_id" integer NOT NULL,
	"user_id" integer,
	"action_name" text NOT NULL,
	"object_id" text,
	"object_type" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"placement_id" integer,
	"platform" text NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_configs_scope_uq" UNIQUE NULLS NOT DISTINCT("publisher_id","placement_id","platform"),
	CONSTRAINT "display_configs_platform_ck" CHECK ("display_configs"."platform" in ('mobile', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "monetization_audits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monetization_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"publisher_id" integer NOT NULL,
	"placement_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"auditable_type" text NOT NULL,
	"associated_type" text,
	"field_name" text,
	"audited_changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "splash_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spreadsheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"kind" text DEFAULT 'fill' NOT NULL,
	"publisher_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"link" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"errors" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"placement_id" integer,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_configs_scope_uq" UNIQUE NULLS NOT DISTINCT("publisher_id","placement_id")
);
--> statement-breakpoint
CREATE TABLE "package_highlights" (
	"package_id" text NOT NULL,
	"highlight_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "package_highlights_package_id_highlight_id_pk" PRIMARY KEY("package_id","highlight_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"embed_id" text PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"package_type" text DEFAULT 'user' NOT NULL,
	"category" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"sequence" text DEFAULT '' NOT NULL,
	"max_ads" integer DEFAULT 100 NOT NULL,
	"tv_invalid_hlts" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"package_clicks" bigint DEFAULT 0 NOT NULL,
	"package_impressions" bigint DEFAULT 0 NOT NULL,
	"package_ctr" double precision,
	"package_iab_impressions" bigint DEFAULT 0 NOT NULL,
	"package_iab_ctr" double precision,
	CONSTRAINT "packages_type_ck" CHECK ("packages"."package_type" in ('auto', 'user')),
	CONSTRAINT "packages_status_ck" CHECK ("packages"."status" in ('Active', 'Draft', 'Archive', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "program_highlights" (
	"hld_id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "program_highlights_hld_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5000000 CACHE 1),
	"program_id" integer NOT NULL,
	"segment_id" text NOT NULL,
	"type" text NOT NULL,
	"video_path" text NOT NULL,
	"thumbnail_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"program_name" text NOT NULL,
	"channel" text NOT NULL,
	"external_program_id" text,
	"start_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(program_name, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "article_review_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" bigint NOT NULL,
	"highlight_id" bigint NOT NULL,
	"user_id" integer,
	"apv_quality" integer,
	"apv_reason" text,
	"tv_quality" integer,
	"tv_reason" text,
	"action_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_review_feedback_action_ck" CHECK ("article_review_feedback"."action_type" in ('done', 'reject', 'manual')),
	CONSTRAINT "article_review_feedback_apv_ck" CHECK ("article_review_feedback"."apv_quality" is null or "article_review_feedback"."apv_quality" in (0, 1)),
	CONSTRAINT "article_review_feedback_tv_ck" CHECK ("article_review_feedback"."tv_quality" is null or "article_review_feedback"."tv_quality" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"title" text NOT NULL,
	"name" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"link" text,
	"thumbnail_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_html" text
);
--> statement-breakpoint
CREATE TABLE "story_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"object_id" integer,
	"object_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image" text,
	"poster" text,
	"thumbnail" text,
	"layout" integer DEFAULT 0 NOT NULL,
	"blurb" integer DEFAULT 1 NOT NULL,
	"duration" real DEFAULT 15 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"video_url" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "story_pages_object_type_ck" CHECK ("story_pages"."object_type" in ('image', 'video', 'cover'))
);
--> statement-breakpoint
CREATE TABLE "uploaded_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_objects_kind_ck" CHECK ("uploaded_objects"."kind" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "edit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "edit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vertical_video_id" bigint NOT NULL,
	"group_id" integer,
	"object_id" integer,
	"frame" integer,
	"action" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"timestamp_ms" bigint NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyframe_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_publisher_key_uq" UNIQUE NULLS NOT DISTINCT("publisher_id","key")
);
--> statement-breakpoint
CREATE TABLE "vertical_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"suggestion_id" integer NOT NULL,
	"user_id" integer,
	"quality" text DEFAULT '' NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vertical_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" bigint NOT NULL,
	"start_time" real NOT NULL,
	"end_time" real NOT NULL,
	"source" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"vertical_highlight_id" bigint,
	"keyframe_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vertical_tasks" (
	"video_id" bigint PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"title" text NOT NULL,
	"channel" text,
	"program_id" integer,
	"external_program_id" text,
	"segment_id" text,
	"highlight_id" bigint,
	"src_video_path" text NOT NULL,
	"video_path" text,
	"thumbnail_path" text,
	"duration_seconds" real NOT NULL,
	"trimmed_duration_seconds" real,
	"start_time" real,
	"end_time" real,
	"reviews" text[] DEFAULT '{}'::text[] NOT NULL,
	"reels_valid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"derivative_id" text,
	"lock_holder_user_id" integer,
	"lock_expires_at" timestamp with time zone,
	"lock_fence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vertical_tasks_content_type_ck" CHECK ("vertical_tasks"."content_type" in ('highlight', 'full_video')),
	CONSTRAINT "vertical_tasks_status_ck" CHECK ("vertical_tasks"."status" in ('review', 'ready', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "console_configs" ADD CONSTRAINT "console_configs_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_products" ADD CONSTRAINT "publisher_products_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_products" ADD CONSTRAINT "publisher_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishers" ADD CONSTRAINT "publishers_group_id_publisher_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."publisher_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_publisher_roles" ADD CONSTRAINT "user_publisher_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_publisher_roles" ADD CONSTRAINT "user_publisher_roles_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_publisher_id_publishers_id_fk" FOREIGN KEY ("default_publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_configs" ADD CONSTRAINT "display_configs_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_configs" ADD CONSTRAINT "display_configs_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_audits" ADD CONSTRAINT "monetization_audits_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_audits" ADD CONSTRAINT "monetization_audits_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_audits" ADD CONSTRAINT "monetization_audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "splash_images" ADD CONSTRAINT "splash_images_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_configs" ADD CONSTRAINT "video_configs_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_configs" ADD CONSTRAINT "video_configs_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_highlights" ADD CONSTRAINT "package_highlights_package_id_packages_embed_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("embed_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "package_highlights" ADD CONSTRAINT "package_highlights_highlight_id_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."highlights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_highlights" ADD CONSTRAINT "program_highlights_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review_feedback" ADD CONSTRAINT "article_review_feedback_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review_feedback" ADD CONSTRAINT "article_review_feedback_highlight_id_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."highlights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review_feedback" ADD CONSTRAINT "article_review_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_pages" ADD CONSTRAINT "story_pages_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_pages" ADD CONSTRAINT "story_pages_object_id_uploaded_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."uploaded_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_objects" ADD CONSTRAINT "uploaded_objects_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_objects" ADD CONSTRAINT "uploaded_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_log" ADD CONSTRAINT "edit_log_vertical_video_id_vertical_tasks_video_id_fk" FOREIGN KEY ("vertical_video_id") REFERENCES "public"."vertical_tasks"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_log" ADD CONSTRAINT "edit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_feedback" ADD CONSTRAINT "vertical_feedback_suggestion_id_vertical_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."vertical_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_feedback" ADD CONSTRAINT "vertical_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_suggestions" ADD CONSTRAINT "vertical_suggestions_video_id_vertical_tasks_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."vertical_tasks"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_suggestions" ADD CONSTRAINT "vertical_suggestions_keyframe_file_id_keyframe_files_id_fk" FOREIGN KEY ("keyframe_file_id") REFERENCES "public"."keyframe_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD CONSTRAINT "vertical_tasks_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD CONSTRAINT "vertical_tasks_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vertical_tasks" ADD CONSTRAINT "vertical_tasks_lock_holder_user_id_users_id_fk" FOREIGN KEY ("lock_holder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collab_updates_doc_idx" ON "collab_updates" USING btree ("doc_name","id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "placements_publisher_idx" ON "placements" USING btree ("publisher_id","name");--> statement-breakpoint
CREATE INDEX "publishers_name_idx" ON "publishers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "publishers_group_idx" ON "publishers" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upr_publisher_idx" ON "user_publisher_roles" USING btree ("publisher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "articles_publisher_review_idx" ON "articles" USING btree ("publisher_id","review_status","created_at");--> statement-breakpoint
CREATE INDEX "articles_review_idx" ON "articles" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "categories_publisher_idx" ON "categories" USING btree ("publisher_id","name");--> statement-breakpoint
CREATE INDEX "highlights_pub_date_idx" ON "highlights" USING btree ("publisher_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_pub_reg_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_regular_clicks" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_pub_reg_ctr_idx" ON "highlights" USING btree ("publisher_id","regular_ctr" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_ia_clicks" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_ctr_idx" ON "highlights" USING btree ("publisher_id","ia_ctr" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "highlights_article_idx" ON "highlights" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "highlights_search_idx" ON "highlights" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "audit_log_pub_created_idx" ON "audit_log" USING btree ("publisher_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "monetization_audits_pub_created_idx" ON "monetization_audits" USING btree ("publisher_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monetization_audits_created_idx" ON "monetization_audits" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "splash_images_pub_created_idx" ON "splash_images" USING btree ("publisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spreadsheets_external_idx" ON "spreadsheets" USING btree ("external_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spreadsheets_created_idx" ON "spreadsheets" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "package_highlights_order_idx" ON "package_highlights" USING btree ("package_id","position");--> statement-breakpoint
CREATE INDEX "package_highlights_highlight_idx" ON "package_highlights" USING btree ("highlight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_publisher_alias_uq" ON "packages" USING btree ("publisher_id","alias");--> statement-breakpoint
CREATE INDEX "packages_pub_status_updated_idx" ON "packages" USING btree ("publisher_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_pub_type_updated_idx" ON "packages" USING btree ("publisher_id","package_type","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "program_highlights_program_idx" ON "program_highlights" USING btree ("program_id","created_at" DESC NULLS LAST,"hld_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "programs_pub_start_idx" ON "programs" USING btree ("publisher_id","start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "programs_pub_external_idx" ON "programs" USING btree ("publisher_id","external_program_id");--> statement-breakpoint
CREATE INDEX "programs_search_idx" ON "programs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "article_review_feedback_article_idx" ON "article_review_feedback" USING btree ("article_id","created_at");--> statement-breakpoint
CREATE INDEX "article_review_feedback_highlight_idx" ON "article_review_feedback" USING btree ("highlight_id");--> statement-breakpoint
CREATE INDEX "stories_pub_updated_idx" ON "stories" USING btree ("publisher_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "story_pages_story_idx" ON "story_pages" USING btree ("story_id","ordinal");--> statement-breakpoint
CREATE INDEX "story_pages_object_idx" ON "story_pages" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "uploaded_objects_pub_created_idx" ON "uploaded_objects" USING btree ("publisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "edit_log_video_idx" ON "edit_log" USING btree ("vertical_video_id","id");--> statement-breakpoint
CREATE INDEX "vertical_feedback_suggestion_idx" ON "vertical_feedback" USING btree ("suggestion_id","created_at");--> statement-breakpoint
CREATE INDEX "vertical_suggestions_video_idx" ON "vertical_suggestions" USING btree ("video_id","id");--> statement-breakpoint
CREATE INDEX "vertical_suggestions_keyframe_idx" ON "vertical_suggestions" USING btree ("keyframe_file_id");--> statement-breakpoint
CREATE INDEX "vertical_tasks_list_idx" ON "vertical_tasks" USING btree ("publisher_id","content_type","status","updated_at" DESC NULLS LAST,"video_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vertical_tasks_status_created_idx" ON "vertical_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "vertical_tasks_program_idx" ON "vertical_tasks" USING btree ("program_id","status");