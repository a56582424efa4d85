CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"target" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"criteria" jsonb NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_account_target" ON "saved_searches" USING btree ("account_id","target","user_id","created_at");--> statement-breakpoint
CREATE INDEX "incidents_account_reported" ON "incidents" USING btree ("account_id","reported_date");--> statement-breakpoint
CREATE INDEX "incidents_account_occurred" ON "incidents" USING btree ("account_id","occurred_date");--> statement-breakpoint
CREATE INDEX "incidents_account_class" ON "incidents" USING btree ("account_id","last_class_id");--> statement-breakpoint
CREATE INDEX "incidents_account_location" ON "incidents" USING btree ("account_id","last_location_id");--> statement-breakpoint
CREATE INDEX "incidents_account_severity" ON "incidents" USING btree ("account_id","severity_id");--> statement-breakpoint
CREATE INDEX "incidents_account_city" ON "incidents" USING btree ("account_id","location_city_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "saved_searches" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);