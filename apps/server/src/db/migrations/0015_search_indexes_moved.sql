DROP INDEX "incidents_account_reported";--> statement-breakpoint
DROP INDEX "incidents_account_status_reported";--> statement-breakpoint
DROP INDEX "incidents_account_occurred";--> statement-breakpoint
DROP INDEX "incidents_account_class";--> statement-breakpoint
DROP INDEX "incidents_account_location";--> statement-breakpoint
DROP INDEX "incidents_account_severity";--> statement-breakpoint
DROP INDEX "incidents_account_city";