DROP INDEX "users_email_unique";--> statement-breakpoint
DROP INDEX "workgroups_account_name";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workgroups" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "workgroups_account_name" ON "workgroups" USING btree ("account_id","name") WHERE "workgroups"."deleted_at" is null;