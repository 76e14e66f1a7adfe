CREATE TABLE "content_report_groups" (
	"creation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_report_groups_creation_id_status_pk" PRIMARY KEY("creation_id","status")
);
--> statement-breakpoint
ALTER TABLE "content_report_groups" ADD CONSTRAINT "content_report_groups_creation_id_creations_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_report_groups_queue_idx" ON "content_report_groups" USING btree ("status","last_activity_at","creation_id");