CREATE TABLE "highlight_metrics_daily" (
	"highlight_id" bigint NOT NULL,
	"day" date NOT NULL,
	"publisher_id" integer NOT NULL,
	"front_page_impressions" bigint NOT NULL,
	"front_page_clicks" bigint NOT NULL,
	"article_impressions" bigint NOT NULL,
	"article_clicks" bigint NOT NULL,
	CONSTRAINT "highlight_metrics_daily_highlight_id_day_pk" PRIMARY KEY("highlight_id","day")
);
--> statement-breakpoint
CREATE TABLE "package_metrics_daily" (
	"package_id" text NOT NULL,
	"day" date NOT NULL,
	"publisher_id" integer NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"iab_impressions" bigint,
	CONSTRAINT "package_metrics_daily_package_id_day_pk" PRIMARY KEY("package_id","day")
);
--> statement-breakpoint
CREATE TABLE "publisher_package_metrics_daily" (
	"publisher_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"iab_impressions" bigint DEFAULT 0 NOT NULL,
	"iab_clicks" bigint DEFAULT 0 NOT NULL,
	"iab_points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "publisher_package_metrics_daily_publisher_id_day_pk" PRIMARY KEY("publisher_id","day")
);
--> statement-breakpoint
ALTER TABLE "highlight_metrics_daily" ADD CONSTRAINT "highlight_metrics_daily_highlight_id_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."highlights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlight_metrics_daily" ADD CONSTRAINT "highlight_metrics_daily_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_metrics_daily" ADD CONSTRAINT "package_metrics_daily_package_id_packages_embed_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("embed_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "package_metrics_daily" ADD CONSTRAINT "package_metrics_daily_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_package_metrics_daily" ADD CONSTRAINT "publisher_package_metrics_daily_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;