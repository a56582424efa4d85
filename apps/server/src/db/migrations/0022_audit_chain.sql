CREATE TABLE "audit_chain_heads" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"chain_seq" bigint DEFAULT 0 NOT NULL,
	"hash" text DEFAULT repeat('0', 64) NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_account_chain" ON "audit_entries" USING btree ("account_id","chain_seq");--> statement-breakpoint
CREATE INDEX "audit_entries_unsealed" ON "audit_entries" USING btree ("account_id","created_at") WHERE chain_seq is null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_chain_heads" AS PERMISSIVE FOR ALL TO public USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);