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
CREATE INDEX "highlights_pub_reg_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_regular_clicks","id");--> statement-breakpoint
CREATE INDEX "highlights_pub_reg_ctr_idx" ON "highlights" USING btree ("publisher_id","regular_ctr","id");--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_ia_clicks","id");--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_ctr_idx" ON "highlights" USING btree ("publisher_id","ia_ctr","id");--> statement-breakpoint
CREATE INDEX "highlights_article_idx" ON "highlights" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "highlights_search_idx" ON "highlights" USING gin ("search_vector");