CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"origin" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"duration_s" real,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_objects_size_nonnegative" CHECK ("media_objects"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_objects_user_idx" ON "media_objects" USING btree ("user_id","created_at");