CREATE TABLE "welcome_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"granted" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welcome_refusals" (
	"network" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"last_refused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "welcome_refusals_network_day_pk" PRIMARY KEY("network","day")
);
--> statement-breakpoint
CREATE INDEX "welcome_refusals_day_idx" ON "welcome_refusals" USING btree ("day");