CREATE TABLE "model_overrides" (
	"id" text PRIMARY KEY NOT NULL,
	"override" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
