DROP INDEX "incidents_account_class";--> statement-breakpoint
CREATE INDEX "incidents_account_class" ON "incidents" USING btree ("account_id","last_class_id","status");