DROP INDEX "highlights_pub_date_idx";--> statement-breakpoint
DROP INDEX "highlights_pub_reg_clicks_idx";--> statement-breakpoint
DROP INDEX "highlights_pub_reg_ctr_idx";--> statement-breakpoint
DROP INDEX "highlights_pub_ia_clicks_idx";--> statement-breakpoint
DROP INDEX "highlights_pub_ia_ctr_idx";--> statement-breakpoint
CREATE INDEX "highlights_pub_date_idx" ON "highlights" USING btree ("publisher_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category","article_active","tv_valid");--> statement-breakpoint
CREATE INDEX "highlights_pub_reg_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_regular_clicks" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category","article_active","tv_valid");--> statement-breakpoint
CREATE INDEX "highlights_pub_reg_ctr_idx" ON "highlights" USING btree ("publisher_id","regular_ctr" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category","article_active","tv_valid");--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_clicks_idx" ON "highlights" USING btree ("publisher_id","non_uniq_ia_clicks" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category","article_active","tv_valid");--> statement-breakpoint
CREATE INDEX "highlights_pub_ia_ctr_idx" ON "highlights" USING btree ("publisher_id","ia_ctr" DESC NULLS LAST,"id" DESC NULLS LAST,"published_at","category","article_active","tv_valid");