CREATE TYPE "public"."subscription_status" AS ENUM('active', 'past_due', 'paused', 'trialing', 'incomplete', 'incomplete_expired', 'unpaid', 'canceled');--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"billing_reason" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" text PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"plan_key" text NOT NULL,
	"product_name" text NOT NULL,
	"period" text NOT NULL,
	"duration" integer NOT NULL,
	"price_id" text NOT NULL,
	"price" integer NOT NULL,
	"more_currency" jsonb NOT NULL,
	"usage_count" integer NOT NULL,
	"usage_list" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_catalogue" (
	"key" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"tier" text NOT NULL,
	"name" text NOT NULL,
	"parallel_tasks" integer NOT NULL,
	"watermark" boolean NOT NULL,
	"pro_features" boolean NOT NULL,
	"unmetered_images" boolean NOT NULL,
	"queue_delay_seconds" integer DEFAULT 0 NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_records" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"record" jsonb NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"app_name" text NOT NULL,
	"mode" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" "subscription_status" NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"currency" text NOT NULL,
	"discount_rate" integer DEFAULT 0 NOT NULL,
	"custom_sub" integer DEFAULT 0 NOT NULL,
	"credited_product_id" text,
	"credited_period_start" timestamp with time zone,
	"cancel_reasons" jsonb,
	"cancel_comment" text,
	"test_card" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_checkout_status" CHECK ("test_checkout_sessions"."status" in ('open', 'complete', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_redemptions" (
	"invitee_id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"device_id" text,
	"status" text NOT NULL,
	"friend_credits" integer DEFAULT 0 NOT NULL,
	"subscribe_rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"user_id" text NOT NULL,
	"mission_key" text NOT NULL,
	"period" text NOT NULL,
	"credits" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_claims_user_id_mission_key_period_pk" PRIMARY KEY("user_id","mission_key","period")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"target" integer NOT NULL,
	"credits" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "generation_tasks_claim_idx";--> statement-breakpoint
ALTER TABLE "generation_tasks" ADD COLUMN "queue_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_products" ADD CONSTRAINT "billing_products_plan_key_plan_catalogue_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."plan_catalogue"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_records" ADD CONSTRAINT "purchase_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_redemptions" ADD CONSTRAINT "invite_redemptions_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_redemptions" ADD CONSTRAINT "invite_redemptions_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_key_missions_key_fk" FOREIGN KEY ("mission_key") REFERENCES "public"."missions"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_user_mode_uq" ON "billing_customers" USING btree ("user_id","mode");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_customer_uq" ON "billing_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_user_idx" ON "billing_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_products_price_uq" ON "billing_products" USING btree ("price_id");--> statement-breakpoint
CREATE INDEX "purchase_records_user_idx" ON "purchase_records" USING btree ("user_id","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_uq" ON "subscriptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_uq" ON "invite_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invite_redemptions_inviter_idx" ON "invite_redemptions" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_redemptions_rewarded_email_uq" ON "invite_redemptions" USING btree ("email") WHERE status = 'rewarded';--> statement-breakpoint
CREATE UNIQUE INDEX "invite_redemptions_rewarded_device_uq" ON "invite_redemptions" USING btree ("device_id") WHERE status = 'rewarded';--> statement-breakpoint
CREATE INDEX "generation_tasks_claim_idx" ON "generation_tasks" USING btree ("status","queue_at");