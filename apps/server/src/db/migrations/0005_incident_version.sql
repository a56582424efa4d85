ALTER TABLE "draft_incidents" ADD COLUMN "base_version" integer;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;