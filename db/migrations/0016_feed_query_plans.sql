CREATE TABLE "feed_tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "admin_audit_log_created_idx";--> statement-breakpoint
DROP INDEX "creations_user_idx";--> statement-breakpoint
DROP INDEX "creations_user_kind_idx";--> statement-breakpoint
DROP INDEX "creations_feed_new_idx";--> statement-breakpoint
CREATE INDEX "feed_tag_counts_rank_idx" ON "feed_tag_counts" USING btree ("count" DESC NULLS FIRST,"tag");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "generation_tasks_user_created_idx" ON "generation_tasks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "generation_tasks_created_idx" ON "generation_tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "generation_tasks_status_created_idx" ON "generation_tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "creations_created_idx" ON "creations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "creations_status_created_idx" ON "creations" USING btree ("publish_status","created_at","id");--> statement-breakpoint
CREATE INDEX "creations_feed_author_idx" ON "creations" USING btree ("user_id","published_at","id") WHERE "creations"."publish_status" = 'published';--> statement-breakpoint
CREATE INDEX "creations_feed_engagement_idx" ON "creations" USING btree (("like_count" * 3 + "view_count")) WHERE "creations"."publish_status" = 'published';--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "creations_user_idx" ON "creations" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "creations_user_kind_idx" ON "creations" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "creations_feed_new_idx" ON "creations" USING btree ("publish_status","published_at","id");--> statement-breakpoint
-- feed_tag_counts (feed.tags): a creation counts for each of its tags while it is published,
-- public and its author exists and is not banned. Kept here so feed.tags reads a few index rows
-- instead of aggregating every creation (issue 25).
CREATE OR REPLACE FUNCTION creation_in_feed(status text, visibility text, author text) RETURNS boolean AS $$
  SELECT status = 'published' AND visibility = 'public'
    AND EXISTS (SELECT 1 FROM users WHERE id = author AND banned_at IS NULL);
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_tag_counts_add(tags jsonb, delta integer) RETURNS void AS $$
  INSERT INTO feed_tag_counts AS f (tag, count)
  SELECT t, count(*)::int * delta FROM jsonb_array_elements_text(tags) AS t GROUP BY t
  ON CONFLICT (tag) DO UPDATE SET count = f.count + excluded.count;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION creations_feed_tags() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND creation_in_feed(OLD.publish_status, OLD.visibility, OLD.user_id) THEN
    PERFORM feed_tag_counts_add(OLD.tags, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND creation_in_feed(NEW.publish_status, NEW.visibility, NEW.user_id) THEN
    PERFORM feed_tag_counts_add(NEW.tags, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Likes and views (the hot updates) do not touch these columns, so they do not fire it.
CREATE TRIGGER creations_feed_tags
  AFTER INSERT OR DELETE OR UPDATE OF publish_status, visibility, tags, user_id ON creations
  FOR EACH ROW EXECUTE FUNCTION creations_feed_tags();
--> statement-breakpoint
-- A ban or unban takes the author's published public creations out of (or back into) the counts.
-- A deleted user's are taken out before the row goes: the cascade that deletes the creations then
-- finds no author and counts nothing.
CREATE OR REPLACE FUNCTION users_feed_tags() RETURNS trigger AS $$
BEGIN
  PERFORM feed_tag_counts_add(c.tags, CASE WHEN TG_OP = 'UPDATE' AND NEW.banned_at IS NULL THEN 1 ELSE -1 END)
  FROM creations c
  WHERE c.user_id = OLD.id AND c.publish_status = 'published' AND c.visibility = 'public';
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_feed_tags_ban
  AFTER UPDATE OF banned_at ON users
  FOR EACH ROW WHEN ((OLD.banned_at IS NULL) IS DISTINCT FROM (NEW.banned_at IS NULL))
  EXECUTE FUNCTION users_feed_tags();
--> statement-breakpoint
CREATE TRIGGER users_feed_tags_delete
  BEFORE DELETE ON users
  FOR EACH ROW WHEN (OLD.banned_at IS NULL)
  EXECUTE FUNCTION users_feed_tags();
--> statement-breakpoint
INSERT INTO feed_tag_counts (tag, count)
SELECT t, count(*)::int
FROM creations c
JOIN users u ON u.id = c.user_id
CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t
WHERE c.publish_status = 'published' AND c.visibility = 'public' AND u.banned_at IS NULL
GROUP BY t;
