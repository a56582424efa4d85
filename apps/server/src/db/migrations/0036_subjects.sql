CREATE TABLE "subject_bans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"ban_type" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"issued_by" uuid,
	"issued_by_name" text DEFAULT '' NOT NULL,
	"notice_key" text,
	"notice_name" text,
	"notice_type" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject_bans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subject_vehicles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"vehicle_key" text NOT NULL,
	"license_plate" text NOT NULL,
	"state_province" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject_vehicles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_vehicles" ADD COLUMN "vehicle_key" text GENERATED ALWAYS AS (case when regexp_replace(upper(license_plate), '[[:space:]-]+', '', 'g') = '' then null
  else regexp_replace(upper(license_plate), '[[:space:]-]+', '', 'g') || '|' || regexp_replace(upper(coalesce(data->>'stateProvince', '')), '[[:space:]-]+', '', 'g') end) STORED;--> statement-breakpoint
ALTER TABLE "subject_bans" ADD CONSTRAINT "subject_bans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_bans" ADD CONSTRAINT "subject_bans_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_bans" ADD CONSTRAINT "subject_bans_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_vehicles" ADD CONSTRAINT "subject_vehicles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_bans_account_subject" ON "subject_bans" USING btree ("account_id","subject_kind","subject_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_vehicles_account_key" ON "subject_vehicles" USING btree ("account_id","vehicle_key");--> statement-breakpoint
CREATE INDEX "incident_companies_account_person" ON "incident_companies" USING btree ("account_id","person_id");--> statement-breakpoint
CREATE INDEX "incident_vehicles_account_key" ON "incident_vehicles" USING btree ("account_id","vehicle_key");--> statement-breakpoint
CREATE INDEX "parties_account_type_name" ON "parties" USING btree ("account_id","person_type","search_name","id") WHERE not is_owner;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "subject_bans" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "subject_vehicles" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);