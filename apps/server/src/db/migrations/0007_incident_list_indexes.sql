DROP INDEX "incidents_account_creator";--> statement-breakpoint
CREATE INDEX "incidents_account_assignee" ON "incidents" USING btree ("account_id","assigned_user_id","status","locked","create_user_id");--> statement-breakpoint
CREATE INDEX "incidents_account_creator" ON "incidents" USING btree ("account_id","create_user_id","status","locked");