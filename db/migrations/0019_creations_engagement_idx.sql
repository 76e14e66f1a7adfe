DROP INDEX "creations_feed_engagement_idx";--> statement-breakpoint
CREATE INDEX "creations_engagement_idx" ON "creations" USING btree (("like_count" * 3 + "view_count"));