CREATE TABLE "subscription_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"period_type" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"concurrent_user_count" integer NOT NULL,
	"card_last4" text DEFAULT '' NOT NULL,
	"company_name" text NOT NULL,
	"billing_contact_name" text DEFAULT '' NOT NULL,
	"billing_address_line1" text DEFAULT '' NOT NULL,
	"billing_address_line2" text DEFAULT '' NOT NULL,
	"billing_address_city" text DEFAULT '' NOT NULL,
	"billing_address_state" text DEFAULT '' NOT NULL,
	"billing_address_postal_code" text DEFAULT '' NOT NULL,
	"billing_address_country_code" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_receipts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "first_charge_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pending_period_type" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pending_concurrent_user_count" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pending_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "pending_tax_percent" integer;--> statement-breakpoint
ALTER TABLE "subscription_receipts" ADD CONSTRAINT "subscription_receipts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_receipts" ADD CONSTRAINT "subscription_receipts_payment_id_subscription_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."subscription_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_receipts_payment" ON "subscription_receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_receipts_number" ON "subscription_receipts" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "subscription_receipts_account_paid" ON "subscription_receipts" USING btree ("account_id","paid_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "subscription_receipts" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);