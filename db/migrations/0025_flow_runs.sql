CREATE TYPE "public"."flow_run_status" AS ENUM('running', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"scope" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"estimated_cost" integer NOT NULL,
	"status" "flow_run_status" DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD COLUMN "flow_run_id" uuid;--> statement-breakpoint
ALTER TABLE "flow_runs" ADD CONSTRAINT "flow_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_runs_project_idx" ON "flow_runs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_runs_running_idx" ON "flow_runs" USING btree ("status","created_at");