CREATE TYPE "public"."credit_entry_kind" AS ENUM('grant', 'hold', 'capture', 'release', 'expire');--> statement-breakpoint
CREATE TYPE "public"."grant_source_kind" AS ENUM('welcome', 'subscription', 'mission', 'invite', 'check_in', 'purchase', 'admin');--> statement-breakpoint
CREATE TYPE "public"."credit_hold_status" AS ENUM('held', 'captured', 'released');--> statement-breakpoint
CREATE TYPE "public"."generation_task_status" AS ENUM('queued', 'running', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"usage_type" text DEFAULT 'credits' NOT NULL,
	"kind" "credit_entry_kind" NOT NULL,
	"amount" integer NOT NULL,
	"grant_id" uuid,
	"task_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_amount_positive" CHECK ("credit_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"usage_type" text DEFAULT 'credits' NOT NULL,
	"source_kind" "grant_source_kind" NOT NULL,
	"source_id" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_amount_positive" CHECK ("credit_grants"."amount" > 0),
	CONSTRAINT "credit_grants_remaining_range" CHECK ("credit_grants"."remaining" >= 0 AND "credit_grants"."remaining" <= "credit_grants"."amount")
);
--> statement-breakpoint
CREATE TABLE "credit_hold_allocations" (
	"task_id" uuid NOT NULL,
	"grant_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_hold_allocations_task_id_grant_id_pk" PRIMARY KEY("task_id","grant_id"),
	CONSTRAINT "credit_hold_allocations_positive" CHECK ("credit_hold_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"usage_type" text DEFAULT 'credits' NOT NULL,
	"amount" integer NOT NULL,
	"status" "credit_hold_status" DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "credit_holds_amount_nonnegative" CHECK ("credit_holds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "generation_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"rpc_name" text NOT NULL,
	"input" jsonb NOT NULL,
	"cost" integer NOT NULL,
	"status" "generation_task_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"worker_id" text,
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_tasks_progress_range" CHECK ("generation_tasks"."progress" >= 0 AND "generation_tasks"."progress" <= 100),
	CONSTRAINT "generation_tasks_cost_nonnegative" CHECK ("generation_tasks"."cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_allocations" ADD CONSTRAINT "credit_hold_allocations_task_id_credit_holds_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."credit_holds"("task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_allocations" ADD CONSTRAINT "credit_hold_allocations_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD CONSTRAINT "generation_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_hold_per_task" ON "credit_entries" USING btree ("task_id") WHERE "credit_entries"."kind" = 'hold';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_resolution_per_task" ON "credit_entries" USING btree ("task_id") WHERE "credit_entries"."kind" IN ('capture', 'release');--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_grant_entry" ON "credit_entries" USING btree ("grant_id") WHERE "credit_entries"."kind" = 'grant';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_one_expire_entry" ON "credit_entries" USING btree ("grant_id") WHERE "credit_entries"."kind" = 'expire';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_source_uq" ON "credit_grants" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "credit_grants_user_idx" ON "credit_grants" USING btree ("user_id","usage_type","expires_at");--> statement-breakpoint
CREATE INDEX "credit_holds_user_idx" ON "credit_holds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "generation_tasks_claim_idx" ON "generation_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_user_idx" ON "generation_tasks" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "generation_tasks_lease_idx" ON "generation_tasks" USING btree ("lease_expires_at") WHERE "generation_tasks"."status" = 'running';