CREATE TABLE "subject_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"kept_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"merged_party" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"merged_by" uuid,
	"merged_by_name" text DEFAULT '' NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "subject_merges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subject_merges" ADD CONSTRAINT "subject_merges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_merges" ADD CONSTRAINT "subject_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_merges" ADD CONSTRAINT "subject_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_merges_account_kept" ON "subject_merges" USING btree ("account_id","kept_id","merged_at") WHERE undone_at is null;--> statement-breakpoint
CREATE INDEX "parties_account_birth" ON "parties" USING btree ("account_id","person_type",(data->>'dateOfBirth')) WHERE not is_owner and data->>'dateOfBirth' <> '';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "subject_merges" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);