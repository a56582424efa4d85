CREATE TABLE "incident_subject_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"ban_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_name" text NOT NULL,
	"ban_type" text NOT NULL,
	"location_name" text DEFAULT '' NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_subject_alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "incident_notifications" ADD COLUMN "banned_subject_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_subject_alerts" ADD CONSTRAINT "incident_subject_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_subject_alerts" ADD CONSTRAINT "incident_subject_alerts_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_subject_alerts" ADD CONSTRAINT "incident_subject_alerts_ban_id_subject_bans_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."subject_bans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_subject_alerts_incident_ban" ON "incident_subject_alerts" USING btree ("incident_id","ban_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_subject_alerts" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);