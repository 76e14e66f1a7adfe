CREATE TABLE "creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"output_index" integer NOT NULL,
	"kind" text NOT NULL,
	"rpc_name" text NOT NULL,
	"prompt" text,
	"params" jsonb NOT NULL,
	"engine" text NOT NULL,
	"media_key" text NOT NULL,
	"thumbnail_key" text,
	"media_type" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"parent_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creations_task_output_uq" UNIQUE("task_id","output_index"),
	CONSTRAINT "creations_output_index_nonnegative" CHECK ("creations"."output_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "creations" ADD CONSTRAINT "creations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creations" ADD CONSTRAINT "creations_task_id_generation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."generation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creations" ADD CONSTRAINT "creations_parent_id_creations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."creations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creations_user_idx" ON "creations" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creations_user_kind_idx" ON "creations" USING btree ("user_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creations_media_key_idx" ON "creations" USING btree ("media_key");