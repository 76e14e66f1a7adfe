CREATE TABLE "flow_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"graph" jsonb NOT NULL,
	"with_media" boolean DEFAULT false NOT NULL,
	"sample_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"output" text NOT NULL,
	"preview_key" text,
	"preview_media_type" text,
	"visibility" text DEFAULT 'project' NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_templates" ADD CONSTRAINT "flow_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_templates" ADD CONSTRAINT "flow_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_templates_project_idx" ON "flow_templates" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_templates_owner_idx" ON "flow_templates" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_templates_public_popular_idx" ON "flow_templates" USING btree ("uses" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "flow_templates"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "flow_templates_public_new_idx" ON "flow_templates" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "flow_templates"."visibility" = 'public';