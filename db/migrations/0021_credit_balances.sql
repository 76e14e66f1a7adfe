CREATE TABLE "credit_balances" (
	"user_id" text NOT NULL,
	"usage_type" text DEFAULT 'credits' NOT NULL,
	"available" bigint NOT NULL,
	"next_expiry" timestamp with time zone,
	CONSTRAINT "credit_balances_user_id_usage_type_pk" PRIMARY KEY("user_id","usage_type"),
	CONSTRAINT "credit_balances_available_nonnegative" CHECK ("credit_balances"."available" >= 0)
);
--> statement-breakpoint
-- Holds made before this migration were allocated to their grants when they were made.
ALTER TABLE "credit_holds" ADD COLUMN "allocated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_holds" ALTER COLUMN "allocated" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_balances_next_expiry_idx" ON "credit_balances" USING btree ("next_expiry");--> statement-breakpoint
CREATE INDEX "credit_grants_spendable_idx" ON "credit_grants" USING btree ("user_id","usage_type",coalesce("expires_at", 'infinity'::timestamptz),"created_at","id") WHERE "credit_grants"."remaining" > 0 AND "credit_grants"."expired_at" IS NULL;--> statement-breakpoint
CREATE INDEX "credit_grants_unexpired_idx" ON "credit_grants" USING btree ("user_id","usage_type","expires_at") WHERE "credit_grants"."expired_at" IS NULL AND "credit_grants"."expires_at" IS NOT NULL;--> statement-breakpoint
-- Every existing hold is allocated, so a user's balance is what its unexpired grants have left.
INSERT INTO "credit_balances" ("user_id", "usage_type", "available", "next_expiry")
SELECT "user_id", "usage_type",
  coalesce(sum("remaining") FILTER (WHERE "expired_at" IS NULL), 0),
  min("expires_at") FILTER (WHERE "expired_at" IS NULL)
FROM "credit_grants" GROUP BY "user_id", "usage_type";