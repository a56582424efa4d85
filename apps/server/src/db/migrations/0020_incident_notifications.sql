CREATE TABLE "incident_notification_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"class_lookup_id" uuid NOT NULL,
	"event_type_list" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_notification_classes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "incident_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"recipient_emails" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "incident_notification_classes" ADD CONSTRAINT "incident_notification_classes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_notification_classes" ADD CONSTRAINT "incident_notification_classes_notification_id_incident_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."incident_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_notification_classes" ADD CONSTRAINT "incident_notification_classes_class_lookup_id_lookups_id_fk" FOREIGN KEY ("class_lookup_id") REFERENCES "public"."lookups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_notifications" ADD CONSTRAINT "incident_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_notification_classes_rule" ON "incident_notification_classes" USING btree ("notification_id","position");--> statement-breakpoint
CREATE INDEX "incident_notification_classes_class" ON "incident_notification_classes" USING btree ("account_id","class_lookup_id");--> statement-breakpoint
CREATE INDEX "incident_notifications_account" ON "incident_notifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_notification_classes" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_notifications" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);