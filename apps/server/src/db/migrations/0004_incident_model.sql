CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"incident_id" uuid,
	"draft_id" uuid,
	"incident_item_id" uuid,
	"incident_vehicle_id" uuid,
	"name" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"attachment_type" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attachments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_companies" (
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"person_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	CONSTRAINT "incident_companies_incident_id_id_pk" PRIMARY KEY("incident_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_companies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_corrective_actions" (
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"type_id" uuid,
	CONSTRAINT "incident_corrective_actions_incident_id_id_pk" PRIMARY KEY("incident_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_corrective_actions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_items" (
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"owner_person_id" uuid,
	"value_cents" bigint,
	CONSTRAINT "incident_items_incident_id_id_pk" PRIMARY KEY("incident_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_persons" (
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"person_id" uuid,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"is_employee" boolean DEFAULT false NOT NULL,
	CONSTRAINT "incident_persons_incident_id_id_pk" PRIMARY KEY("incident_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_persons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_vehicles" (
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"license_plate" text DEFAULT '' NOT NULL,
	"maker" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"owner_person_id" uuid,
	CONSTRAINT "incident_vehicles_incident_id_id_pk" PRIMARY KEY("incident_id","id")
);
--> statement-breakpoint
ALTER TABLE "incident_vehicles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"person_type" smallint NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"search_name" text NOT NULL,
	"is_employee" boolean DEFAULT false NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parties" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lookup_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"lookup_location_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city_id" uuid,
	"city_name" text DEFAULT '' NOT NULL,
	"state_name" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookup_addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "last_location_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_city_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_city_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_state_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_country_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "location_country_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "close" jsonb;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lookups" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_draft_id_draft_incidents_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_companies" ADD CONSTRAINT "incident_companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_companies" ADD CONSTRAINT "incident_companies_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_companies" ADD CONSTRAINT "incident_companies_person_id_parties_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_corrective_actions" ADD CONSTRAINT "incident_corrective_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_corrective_actions" ADD CONSTRAINT "incident_corrective_actions_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_items" ADD CONSTRAINT "incident_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_items" ADD CONSTRAINT "incident_items_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_persons" ADD CONSTRAINT "incident_persons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_persons" ADD CONSTRAINT "incident_persons_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_persons" ADD CONSTRAINT "incident_persons_person_id_parties_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_vehicles" ADD CONSTRAINT "incident_vehicles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_vehicles" ADD CONSTRAINT "incident_vehicles_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_addresses" ADD CONSTRAINT "lookup_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_addresses" ADD CONSTRAINT "lookup_addresses_lookup_location_id_lookups_id_fk" FOREIGN KEY ("lookup_location_id") REFERENCES "public"."lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_account_incident" ON "attachments" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "attachments_account_draft" ON "attachments" USING btree ("account_id","draft_id");--> statement-breakpoint
CREATE INDEX "incident_companies_account_incident" ON "incident_companies" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_corrective_actions_account_incident" ON "incident_corrective_actions" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_items_account_incident" ON "incident_items" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_persons_account_incident" ON "incident_persons" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_persons_account_person" ON "incident_persons" USING btree ("account_id","person_id");--> statement-breakpoint
CREATE INDEX "incident_vehicles_account_incident" ON "incident_vehicles" USING btree ("account_id","incident_id");--> statement-breakpoint
CREATE INDEX "parties_account_search" ON "parties" USING btree ("account_id","person_type","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lookup_addresses_account_location" ON "lookup_addresses" USING btree ("account_id","lookup_location_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attachments" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_companies" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_corrective_actions" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_items" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_persons" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_vehicles" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "parties" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lookup_addresses" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);