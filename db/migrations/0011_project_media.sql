CREATE TABLE "project_media" (
	"project_id" uuid NOT NULL,
	"media_key" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_media_project_id_media_key_pk" PRIMARY KEY("project_id","media_key")
);
--> statement-breakpoint
ALTER TABLE "project_media" ADD CONSTRAINT "project_media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_media_key_idx" ON "project_media" USING btree ("media_key");