CREATE TABLE "content_report_groups" (
	"creation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_report_groups_creation_id_status_pk" PRIMARY KEY("creation_id","status")
);
--> statement-breakpoint
ALTER TABLE "content_report_groups" ADD CONSTRAINT "content_report_groups_creation_id_creations_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_report_groups_queue_idx" ON "content_report_groups" USING btree ("status","last_activity_at","creation_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_report_groups_refresh(cid uuid, st text) RETURNS void AS $$
DECLARE
  latest timestamptz;
BEGIN
  SELECT max(greatest(created_at, resolved_at)) INTO latest FROM content_reports WHERE creation_id = cid AND status = st;
  IF latest IS NULL THEN
    DELETE FROM content_report_groups WHERE creation_id = cid AND status = st;
  ELSE
    INSERT INTO content_report_groups (creation_id, status, last_activity_at) VALUES (cid, st, latest)
    ON CONFLICT (creation_id, status) DO UPDATE SET last_activity_at = excluded.last_activity_at;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Reports of one content change under its creation row's lock (feed.repo insertReport,
-- admin.repo lockContent), so each recount sees the others'.
CREATE OR REPLACE FUNCTION content_reports_groups() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM content_report_groups_refresh(OLD.creation_id, OLD.status);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (NEW.creation_id, NEW.status) IS DISTINCT FROM (OLD.creation_id, OLD.status) OR NEW.resolved_at IS DISTINCT FROM OLD.resolved_at OR NEW.created_at IS DISTINCT FROM OLD.created_at) THEN
    PERFORM content_report_groups_refresh(NEW.creation_id, NEW.status);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_reports_groups
  AFTER INSERT OR UPDATE OR DELETE ON content_reports
  FOR EACH ROW EXECUTE FUNCTION content_reports_groups();
--> statement-breakpoint
INSERT INTO content_report_groups (creation_id, status, last_activity_at)
SELECT creation_id, status, max(greatest(created_at, resolved_at)) FROM content_reports GROUP BY creation_id, status;
