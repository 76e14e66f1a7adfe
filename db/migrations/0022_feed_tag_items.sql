CREATE TABLE "feed_tag_items" (
	"tag" text NOT NULL,
	"creation_id" uuid NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "feed_tag_items_tag_creation_id_pk" PRIMARY KEY("tag","creation_id")
);
--> statement-breakpoint
ALTER TABLE "feed_tag_items" ADD CONSTRAINT "feed_tag_items_creation_id_creations_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_tag_items_page_idx" ON "feed_tag_items" USING btree ("tag","published_at","creation_id");--> statement-breakpoint
-- feed_tag_items follows the same rule as feed_tag_counts (migration 0016), and published_at too.
CREATE OR REPLACE FUNCTION creations_feed_tags() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND creation_in_feed(OLD.publish_status, OLD.visibility, OLD.user_id) THEN
    PERFORM feed_tag_counts_add(OLD.tags, -1);
    DELETE FROM feed_tag_items WHERE creation_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND creation_in_feed(NEW.publish_status, NEW.visibility, NEW.user_id) THEN
    PERFORM feed_tag_counts_add(NEW.tags, 1);
    INSERT INTO feed_tag_items (tag, creation_id, published_at)
    SELECT DISTINCT t, NEW.id, NEW.published_at FROM jsonb_array_elements_text(NEW.tags) AS t
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER creations_feed_tags ON creations;
--> statement-breakpoint
CREATE TRIGGER creations_feed_tags
  AFTER INSERT OR DELETE OR UPDATE OF publish_status, visibility, tags, user_id, published_at ON creations
  FOR EACH ROW EXECUTE FUNCTION creations_feed_tags();
--> statement-breakpoint
-- A deleted user's rows go with their creations (foreign-key cascade).
CREATE OR REPLACE FUNCTION users_feed_tags() RETURNS trigger AS $$
BEGIN
  PERFORM feed_tag_counts_add(c.tags, CASE WHEN TG_OP = 'UPDATE' AND NEW.banned_at IS NULL THEN 1 ELSE -1 END)
  FROM creations c
  WHERE c.user_id = OLD.id AND c.publish_status = 'published' AND c.visibility = 'public';
  IF TG_OP = 'UPDATE' AND NEW.banned_at IS NULL THEN
    INSERT INTO feed_tag_items (tag, creation_id, published_at)
    SELECT DISTINCT t, c.id, c.published_at
    FROM creations c CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t
    WHERE c.user_id = OLD.id AND c.publish_status = 'published' AND c.visibility = 'public'
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM feed_tag_items f USING creations c WHERE f.creation_id = c.id AND c.user_id = OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO feed_tag_items (tag, creation_id, published_at)
SELECT DISTINCT t, c.id, c.published_at
FROM creations c
JOIN users u ON u.id = c.user_id
CROSS JOIN LATERAL jsonb_array_elements_text(c.tags) AS t
WHERE c.publish_status = 'published' AND c.visibility = 'public' AND u.banned_at IS NULL
ON CONFLICT DO NOTHING;
